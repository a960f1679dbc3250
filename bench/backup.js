// `npm run bench:backup`: backup and restore of a database with BENCH_ROWS community rows (default
// 50,000) plus the demo content, and of an uploads folder of BENCH_UPLOADS_MB megabytes of pictures
// (default 5, in files of 250 kB that do not compress, as WebP does not), on a fresh embedded
// database and on PostgreSQL (BENCH_DATABASE_URL or DATABASE_URL, else
// postgres://postgres@127.0.0.1:5432/test when it answers). Times the very functions `npm run backup`
// and `npm run restore` call (without tsx's start-up of about a second), and the uploads' part
// alone, prints the file's size, and checks every table's count and checksum and every uploaded
// file's bytes are the same afterwards.
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createPostgresDatabase, dropPostgresDatabase } from "./postgres-and-ports.js";

process.env.NODE_ENV = "production";
const { openDatabase, runMigrations } = await import("#app/lib/db.server.ts");
const { seedDemoContent } = await import("#app/modules/demo/index.server.ts");
const { takeBackup, restoreEmbedded, restorePostgres } = await import("#app/modules/operations/index.server.ts");
const { readBackupFile } = await import("#app/modules/operations/index.server.ts");
const { packUploads, unpackUploads } = await import("#app/modules/operations/index.server.ts");
const { insertCommunityRows, tableFingerprints } = await import("#tests/support/table-fingerprints.ts");
const { folderFingerprints } = await import("#tests/support/folder-fingerprints.ts");

const rows = Number(process.env.BENCH_ROWS ?? 50_000);
const uploadsMb = Number(process.env.BENCH_UPLOADS_MB ?? 5);

function fillUploads(uploadsDir) {
  mkdirSync(path.join(uploadsDir, "events"), { recursive: true });
  for (let n = 0; n < uploadsMb * 4; n += 1) writeFileSync(path.join(uploadsDir, "events", `${String(n).padStart(32, "0")}-1200.webp`), randomBytes(250_000));
}

/** The uploads' part alone: packing the folder, and unpacking it from the backup file. */
async function timeUploads(uploadsDir, file, work) {
  let started = performance.now();
  await packUploads(uploadsDir, path.join(work, "uploads.tgz"));
  const packMs = performance.now() - started;
  const { manifest, uploadsOffset } = await readBackupFile(file);
  started = performance.now();
  await unpackUploads(file, { offset: uploadsOffset, bytes: manifest.uploads.bytes, files: manifest.uploads.files }, path.join(work, "unpacked"));
  return { packMs, unpackMs: performance.now() - started };
}

async function measure(label, options, restore) {
  const work = mkdtempSync(path.join(tmpdir(), "harmonia-bench-backup-"));
  const file = path.join(work, "bench.backup");
  const uploadsDir = path.join(work, "uploads");
  try {
    fillUploads(uploadsDir);
    const uploadsBefore = folderFingerprints(uploadsDir);
    let handle = await openDatabase(options);
    await runMigrations(handle);
    await seedDemoContent(handle.db, "http://localhost:3000");
    await insertCommunityRows(handle, rows);
    const before = await tableFingerprints(handle);
    let started = performance.now();
    const manifest = await takeBackup(handle, { file, uploadsDir, databaseUrl: options.databaseUrl });
    const backupMs = performance.now() - started;
    await handle.close();
    started = performance.now();
    await restore(file, uploadsDir);
    const restoreMs = performance.now() - started;
    handle = await openDatabase(options);
    const same = JSON.stringify(await tableFingerprints(handle)) === JSON.stringify(before) && JSON.stringify(folderFingerprints(uploadsDir)) === JSON.stringify(uploadsBefore);
    await handle.close();
    const uploads = await timeUploads(uploadsDir, file, work);
    console.log(
      `${label}: ${rows.toLocaleString("en")} community rows and ${manifest.uploads.files} uploaded files; backup ${(backupMs / 1000).toFixed(2)} s, ` +
        `${(statSync(file).size / 1e6).toFixed(1)} MB (database ${(manifest.payloadBytes / 1e6).toFixed(1)} MB, uploads ${(manifest.uploads.bytes / 1e6).toFixed(1)} MB); ` +
        `restore ${(restoreMs / 1000).toFixed(2)} s; the uploads alone: pack ${(uploads.packMs / 1000).toFixed(2)} s, unpack ${(uploads.unpackMs / 1000).toFixed(2)} s; ` +
        `every table and file the same afterwards: ${same ? "yes" : "NO"}`,
    );
    if (!same) process.exitCode = 1;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const dataDir = mkdtempSync(path.join(tmpdir(), "harmonia-bench-data-"));
try {
  await measure("Embedded database", { dataDir }, (file, uploadsDir) => restoreEmbedded(file, { dataDir, uploadsDir }));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
const databaseUrl = await createPostgresDatabase();
if (databaseUrl) {
  try {
    await measure("PostgreSQL", { databaseUrl }, (file, uploadsDir) => restorePostgres(file, { databaseUrl, uploadsDir }));
  } finally {
    await dropPostgresDatabase(databaseUrl);
  }
}

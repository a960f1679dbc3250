// `npm run bench:backup`: backup and restore of a database with BENCH_ROWS community rows (default
// 50,000) plus the demo content, on a fresh embedded database and on PostgreSQL (BENCH_DATABASE_URL
// or DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test when it answers). Times the very
// functions `npm run backup` and `npm run restore` call (without tsx's start-up of about a second),
// prints the file's size, and checks every table's count and checksum are the same afterwards.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createPostgresDatabase, dropPostgresDatabase } from "./postgres-and-ports.js";

process.env.NODE_ENV = "production";
const { openDatabase, runMigrations } = await import("../app/lib/db.server.ts");
const { seedDemoContent } = await import("../app/modules/demo/seed-demo-content.server.ts");
const { backupDatabase, restoreEmbedded, restorePostgres } = await import("../app/modules/operations/database-backup.server.ts");
const { insertCommunityRows, tableFingerprints } = await import("../tests/support/table-fingerprints.ts");

const rows = Number(process.env.BENCH_ROWS ?? 50_000);

async function measure(label, options, restore) {
  const work = mkdtempSync(path.join(tmpdir(), "harmonia-bench-backup-"));
  const file = path.join(work, "bench.backup");
  try {
    let handle = await openDatabase(options);
    await runMigrations(handle);
    await seedDemoContent(handle.db, "http://localhost:3000");
    await insertCommunityRows(handle, rows);
    const before = await tableFingerprints(handle);
    let started = performance.now();
    const manifest = await backupDatabase(handle, file, options.databaseUrl);
    const backupMs = performance.now() - started;
    await handle.close();
    started = performance.now();
    await restore(file);
    const restoreMs = performance.now() - started;
    handle = await openDatabase(options);
    const same = JSON.stringify(await tableFingerprints(handle)) === JSON.stringify(before);
    await handle.close();
    console.log(
      `${label}: ${rows.toLocaleString("en")} community rows; backup ${(backupMs / 1000).toFixed(2)} s, ` +
        `${(manifest.payloadBytes / 1e6).toFixed(1)} MB; restore ${(restoreMs / 1000).toFixed(2)} s; every table the same afterwards: ${same ? "yes" : "NO"}`,
    );
    if (!same) process.exitCode = 1;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const dataDir = mkdtempSync(path.join(tmpdir(), "harmonia-bench-data-"));
try {
  await measure("Embedded database", { dataDir }, (file) => restoreEmbedded(file, dataDir));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
const databaseUrl = await createPostgresDatabase();
if (databaseUrl) {
  try {
    await measure("PostgreSQL", { databaseUrl }, (file) => restorePostgres(file, databaseUrl));
  } finally {
    await dropPostgresDatabase(databaseUrl);
  }
}

import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import sharp from "sharp";
import { Header } from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, runMigrations, type DatabaseHandle } from "#app/lib/db.server";
import { seedDemoContent } from "#app/modules/demo/seed-demo-content.server";
import { seedTracks } from "#app/modules/music/seed-tracks.server";
import { BackupRefusedError, NotABackupError, readBackupFile, writeBackupFile } from "#app/modules/operations/backup-file.server";
import { restoreEmbedded, restorePostgres, takeBackup } from "#app/modules/operations/database-backup.server";
import { createEmptyDatabase, dropDatabase } from "#tests/support/test-database";
import { folderFingerprints } from "#tests/support/folder-fingerprints";
import { insertCommunityRows, tableFingerprints } from "#tests/support/table-fingerprints";
import { startTestServer } from "#tests/support/test-server";
import { waitFor } from "#tests/support/wait-for";

const onPostgres = Boolean(process.env.DATABASE_URL);
const work = mkdtempSync(path.join(tmpdir(), "harmonia-backup-test-"));
const dataDir = path.join(work, "data");
const uploadsDir = path.join(work, "uploads");
const backupFile = path.join(work, "site.backup");
let databaseUrl: string | undefined;

const open = () => openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
const restoreTo = (file: string) => (databaseUrl ? restorePostgres(file, { databaseUrl, uploadsDir }) : restoreEmbedded(file, { dataDir, uploadsDir }));
const leftBeside = (suffix: string) => readdirSync(work).filter((name) => name.startsWith(`uploads${suffix}`));

/** A small real picture, as event-image-upload writes them (WebP under events/). */
const picture = (red: number) => sharp({ create: { width: 64, height: 48, channels: 3, background: { r: red, g: 90, b: 140 } } }).webp().toBuffer();

/** A gzipped tar made by hand, so it can hold what our own backups never write. */
function craftedArchive(entries: { path: string; type?: "File" | "SymbolicLink"; linkpath?: string; body?: string }[]): Buffer {
  const blocks: Buffer[] = [];
  for (const entry of entries) {
    const body = Buffer.from(entry.body ?? "");
    const header = new Header({ path: entry.path, type: entry.type ?? "File", linkpath: entry.linkpath, size: body.length, mode: 0o644, mtime: new Date() });
    header.encode();
    blocks.push(header.block!, body, Buffer.alloc((512 - (body.length % 512)) % 512));
  }
  return gzipSync(Buffer.concat([...blocks, Buffer.alloc(1024)]));
}

/** A copy of `source` whose uploads are `archive`, with a manifest whose size and checksum match it (as an attacker would write one). */
async function withUploads(source: string, archive: Buffer, target: string): Promise<string> {
  const { manifest, payloadOffset } = await readBackupFile(source);
  const databasePayload = path.join(work, "crafted-database.payload");
  const uploadsPayload = path.join(work, "crafted-uploads.payload");
  writeFileSync(databasePayload, readFileSync(source).subarray(payloadOffset, payloadOffset + manifest.payloadBytes));
  writeFileSync(uploadsPayload, archive);
  const { driver, payload, createdAt, migrations } = manifest;
  await writeBackupFile(target, { driver, payload, createdAt, migrations }, databasePayload, { file: uploadsPayload, files: 1 });
  return target;
}

async function withDatabase<T>(work: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  const handle = await open();
  try {
    return await work(handle);
  } finally {
    await handle.close();
  }
}

/** Runs an npm script's file the way `npm run` does, in this test's configuration. */
/**
 * Runs a command as a person would. Asynchronously: a test that holds the data directory's lock
 * must keep renewing it meanwhile, or on a busy machine the lock looks abandoned to the command.
 */
function runScript(script: string, ...args: string[]): Promise<{ status: number | null; output: string }> {
  const child = spawn("npx", ["tsx", `scripts/${script}.ts`, ...args], {
    env: { ...process.env, HARMONIA_IGNORE_ENV_FILE: "1", DATA_DIR: dataDir, UPLOADS_DIR: uploadsDir, DATABASE_URL: databaseUrl ?? "" },
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  return new Promise((resolve) => child.once("close", (status) => resolve({ status, output })));
}

describe(`backup and restore (${onPostgres ? "PostgreSQL" : "embedded database"})`, () => {
  let before: Record<string, string>;
  let uploadsBefore: Record<string, string>;

  beforeAll(async () => {
    mkdirSync(path.join(uploadsDir, "events"), { recursive: true });
    writeFileSync(path.join(uploadsDir, "events", "3f2a9c0d1e4b5a6978c0d1e2f3a4b5c6-800.webp"), await picture(30));
    writeFileSync(path.join(uploadsDir, "events", "9b8a7c6d5e4f30211f2e3d4c5b6a7980-800.webp"), await picture(200));
    uploadsBefore = folderFingerprints(uploadsDir);
    databaseUrl = await createEmptyDatabase();
    before = await withDatabase(async (handle) => {
      await runMigrations(handle);
      await seedTracks(handle.db);
      await seedDemoContent(handle.db, "http://localhost:3000");
      await insertCommunityRows(handle, 2_000);
      return tableFingerprints(handle);
    });
  });

  afterAll(async () => {
    if (databaseUrl) await dropDatabase(databaseUrl);
    rmSync(work, { recursive: true, force: true });
  });

  it("gives back every row of every table and every uploaded file after backup, wipe and restore", async () => {
    expect(before["public.community"]).toMatch(/^20\d\d /);
    expect(Object.keys(uploadsBefore)).toHaveLength(2);
    const backup = await runScript("backup", backupFile);
    expect(backup.output).toContain("Backup of");
    expect(backup.output).toContain(`and of 2 uploaded files in ${uploadsDir}`);
    expect(backup.status).toBe(0);

    // The wipe: a fresh install, migrated, with different rows.
    if (databaseUrl) {
      await dropDatabase(databaseUrl);
      databaseUrl = await createEmptyDatabase();
    } else {
      rmSync(dataDir, { recursive: true, force: true });
    }
    rmSync(uploadsDir, { recursive: true, force: true });
    await withDatabase(async (handle) => {
      await runMigrations(handle);
      await insertCommunityRows(handle, 3);
    });
    mkdirSync(path.join(uploadsDir, "events"), { recursive: true });
    writeFileSync(path.join(uploadsDir, "events", "uploaded-after-the-wipe.webp"), await picture(120));

    const restore = await runScript("restore", backupFile);
    expect(restore.output).toContain("Restored the backup");
    expect(restore.output).toContain(`Restored 2 uploaded files into ${uploadsDir}.`);
    expect(restore.status).toBe(0);
    expect(await withDatabase(tableFingerprints)).toEqual(before);
    expect(folderFingerprints(uploadsDir)).toEqual(uploadsBefore);
    // The folder it replaced is kept beside it, and named.
    const [kept] = leftBeside(".before-restore-");
    expect(restore.output).toContain(`The uploads folder it replaced is kept in ${path.join(work, kept!)};`);
    expect(Object.keys(folderFingerprints(path.join(work, kept!)))).toEqual([path.join("events", "uploaded-after-the-wipe.webp")]);
    rmSync(path.join(work, kept!), { recursive: true });
  });

  it("restores a format-1 backup (made before backups carried the uploads): the database, saying it had no uploaded files", async () => {
    const { manifest, payloadOffset } = await readBackupFile(backupFile);
    const { driver, payload, createdAt, migrations, payloadBytes, sha256 } = manifest;
    const formatOne = path.join(work, "format-1.backup");
    const head = `HARMONIA-BACKUP\n${JSON.stringify({ format: 1, driver, payload, createdAt, migrations, payloadBytes, sha256 })}\n`;
    writeFileSync(formatOne, Buffer.concat([Buffer.from(head), readFileSync(backupFile).subarray(payloadOffset, payloadOffset + payloadBytes)]));
    // Changed since: the restore puts the rows back and leaves the uploads folder as it is.
    await withDatabase((handle) => handle.executeSql("insert into community (name, email, interest, consent_accepted_at) values ('Later', 'later@example.test', 'x', now())", []));
    const later = path.join(uploadsDir, "events", "uploaded-later.webp");
    writeFileSync(later, await picture(60));
    const uploadsNow = folderFingerprints(uploadsDir);

    const restore = await runScript("restore", formatOne);
    expect(restore.output).toContain("This backup (format 1, made before backups carried the uploads) had no uploaded files");
    expect(restore.status).toBe(0);
    expect(await withDatabase(tableFingerprints)).toEqual(before);
    expect(folderFingerprints(uploadsDir)).toEqual(uploadsNow);
    rmSync(later);
    expect(folderFingerprints(uploadsDir)).toEqual(uploadsBefore);
  });

  it("refuses a backup whose uploaded files were changed, before touching the database or the uploads folder", async () => {
    const tampered = path.join(work, "tampered.backup");
    const bytes = readFileSync(backupFile);
    // Inside the uploads, the file's last payload.
    bytes.writeUInt8(bytes.readUInt8(bytes.length - 30) ^ 0xff, bytes.length - 30);
    writeFileSync(tampered, bytes);
    const refused = await runScript("restore", tampered);
    expect(refused.output).toContain("its uploaded files do not match their checksum");
    expect(refused.output).not.toMatch(/\n\s+at /);
    expect(refused.status).toBe(1);
    expect(await withDatabase(tableFingerprints)).toEqual(before);
    expect(folderFingerprints(uploadsDir)).toEqual(uploadsBefore);
    expect(leftBeside(".")).toEqual([]);
  });

  it("refuses uploads that hold a path out of the folder or a link, writing nothing anywhere", async () => {
    const body = "not a picture";
    const climbing = await withUploads(backupFile, craftedArchive([{ path: "events/fine.webp", body }, { path: "../escaped.webp", body }]), path.join(work, "climbing.backup"));
    await expect(restoreTo(climbing)).rejects.toThrow(NotABackupError);
    await expect(restoreTo(climbing)).rejects.toThrow(/its uploaded files hold a path outside the uploads folder \(\.\.\/escaped\.webp\); nothing was restored/);
    expect(existsSync(path.join(work, "escaped.webp"))).toBe(false);

    const linking = await withUploads(backupFile, craftedArchive([{ path: "events/passwords.webp", type: "SymbolicLink", linkpath: "/etc/passwd" }]), path.join(work, "linking.backup"));
    await expect(restoreTo(linking)).rejects.toThrow(/its uploaded files hold a link or a special file \(SymbolicLink events\/passwords\.webp\)/);

    const refused = await runScript("restore", climbing);
    expect(refused.status).toBe(1);
    expect(refused.output).toContain("is not a backup this site can restore: its uploaded files hold a path outside the uploads folder");
    expect(refused.output).not.toMatch(/\n\s+at /);
    expect(await withDatabase(tableFingerprints)).toEqual(before);
    expect(folderFingerprints(uploadsDir)).toEqual(uploadsBefore);
    expect(leftBeside(".")).toEqual([]);
  });

  it("refuses to back up an uploads folder holding a link, naming it, rather than follow it", async () => {
    const link = path.join(uploadsDir, "events", "elsewhere.webp");
    symlinkSync("/etc/hostname", link);
    try {
      const refused = await runScript("backup", path.join(work, "with-link.backup"));
      expect(refused.output).toContain(`${link} is a link or a special file, which a backup does not carry.`);
      expect(refused.output).not.toMatch(/\n\s+at /);
      expect(refused.status).toBe(1);
      expect(existsSync(path.join(work, "with-link.backup"))).toBe(false);
    } finally {
      rmSync(link);
    }
  });

  it("refuses a file that is not one of its backups, or is cut short, without touching the database", async () => {
    const stranger = path.join(work, "stranger.sql");
    writeFileSync(stranger, "CREATE TABLE nothing ();\n");
    const refused = await runScript("restore", stranger);
    expect(refused.status).toBe(1);
    expect(refused.output).toContain("is not a backup this site can restore");
    expect(refused.output).not.toMatch(/\n\s+at /);

    const cut = path.join(work, "cut.backup");
    writeFileSync(cut, readFileSync(backupFile).subarray(0, -100));
    await expect(restoreTo(cut)).rejects.toThrow(NotABackupError);
    expect(await withDatabase(tableFingerprints)).toEqual(before);
  });

  it("refuses a backup of the other kind of database", async () => {
    const otherKind = path.join(work, "other.backup");
    const payload = path.join(work, "payload");
    writeFileSync(payload, "x");
    await writeBackupFile(otherKind, { driver: onPostgres ? "pglite" : "postgres", payload: "test", createdAt: new Date().toISOString(), migrations: 1 }, payload, { file: payload, files: 0 });
    await expect(restoreTo(otherKind)).rejects.toThrow(BackupRefusedError);
  });

  it.runIf(!onPostgres)("refuses to back up or restore while a server runs on the embedded database", async () => {
    const running = await open();
    try {
      const backup = await runScript("backup", path.join(work, "while-running.backup"));
      expect(backup.status, backup.output).toBe(1);
      expect(backup.output).toContain("The server is running on the embedded database");
      const restore = await runScript("restore", backupFile);
      expect(restore.status).toBe(1);
      expect(restore.output).toContain("Stop it before restoring");
      // A running site backs itself up (the scheduled backups do this).
      await takeBackup(running, { file: path.join(work, "online.backup"), uploadsDir });
    } finally {
      await running.close();
    }
  });

  it.runIf(!onPostgres)("backs itself up on its schedule while it serves (BACKUP_EVERY_HOURS), a backup that restores", async () => {
    const siteDir = path.join(work, "site");
    const backupDir = path.join(work, "scheduled");
    const server = await startTestServer({ DATA_DIR: siteDir, BACKUP_DIR: backupDir, BACKUP_EVERY_HOURS: "24", BACKUP_KEEP: "3" });
    try {
      // None in the folder yet: the first is taken at once, while the site answers.
      const backups = () => (existsSync(backupDir) ? readdirSync(backupDir).filter((name) => name.endsWith(".backup")) : []);
      const file = await waitFor(() => backups()[0], 30_000).catch(() => undefined);
      expect(file, server.output()).toMatch(/^harmonia-\d{8}T\d{6}Z\.backup$/);
      expect((await fetch(`${server.url}/events`)).status).toBe(200);
      expect(readFileSync(path.join(backupDir, file!)).subarray(0, 16).toString()).toBe("HARMONIA-BACKUP\n");
      expect(server.output()).toContain(`[backup] backup written to ${path.join(backupDir, file!)}`);
    } finally {
      await server.stop();
    }
    const restored = path.join(work, "from-scheduled");
    await restoreEmbedded(path.join(backupDir, readdirSync(backupDir).find((name) => name.endsWith(".backup"))!), { dataDir: restored, uploadsDir: path.join(restored, "uploads") });
    expect(existsSync(path.join(restored, "pglite", "PG_VERSION"))).toBe(true);
    // The site had no uploads yet: an empty folder, not a failed restore.
    expect(readdirSync(path.join(restored, "uploads"))).toEqual([]);
  });

  it.runIf(onPostgres)("refuses to restore while another connection (a running instance) uses the database", async () => {
    const running = await open();
    try {
      await running.executeSql("select 1", []);
      await expect(restorePostgres(backupFile, { databaseUrl: databaseUrl!, uploadsDir })).rejects.toThrow(/other connection/);
    } finally {
      await running.close();
    }
  });
});

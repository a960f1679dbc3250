import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, runMigrations, type DatabaseHandle } from "~/lib/db.server";
import { seedDemoContent } from "~/modules/demo/seed-demo-content.server";
import { seedTracks } from "~/modules/music/seed-tracks.server";
import { NotABackupError, writeBackupFile } from "~/modules/operations/backup-file.server";
import { BackupRefusedError, backupDatabase, restoreEmbedded, restorePostgres } from "~/modules/operations/database-backup.server";
import { createEmptyDatabase, dropDatabase } from "../support/test-database";
import { insertCommunityRows, tableFingerprints } from "../support/table-fingerprints";
import { startTestServer } from "../support/test-server";
import { waitFor } from "../support/wait-for";

const onPostgres = Boolean(process.env.DATABASE_URL);
const work = mkdtempSync(path.join(tmpdir(), "harmonia-backup-test-"));
const dataDir = path.join(work, "data");
const backupFile = path.join(work, "site.backup");
let databaseUrl: string | undefined;

const open = () => openDatabase(databaseUrl ? { databaseUrl } : { dataDir });

async function withDatabase<T>(work: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  const handle = await open();
  try {
    return await work(handle);
  } finally {
    await handle.close();
  }
}

/** Runs an npm script's file the way `npm run` does, in this test's configuration. */
function runScript(script: string, ...args: string[]) {
  const result = spawnSync("npx", ["tsx", `scripts/${script}.ts`, ...args], {
    encoding: "utf8",
    env: { ...process.env, HARMONIA_IGNORE_ENV_FILE: "1", DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? "" },
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe(`backup and restore (${onPostgres ? "PostgreSQL" : "embedded database"})`, () => {
  let before: Record<string, string>;

  beforeAll(async () => {
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

  it("gives back every row of every table after backup, wipe and restore", async () => {
    expect(before["public.community"]).toMatch(/^20\d\d /);
    const backup = runScript("backup", backupFile);
    expect(backup.output).toContain("Backup of");
    expect(backup.status).toBe(0);

    // The wipe: a fresh install, migrated, with different rows.
    if (databaseUrl) {
      await dropDatabase(databaseUrl);
      databaseUrl = await createEmptyDatabase();
    } else {
      rmSync(dataDir, { recursive: true, force: true });
    }
    await withDatabase(async (handle) => {
      await runMigrations(handle);
      await insertCommunityRows(handle, 3);
    });

    const restore = runScript("restore", backupFile);
    expect(restore.output).toContain("Restored the backup");
    expect(restore.status).toBe(0);
    expect(await withDatabase(tableFingerprints)).toEqual(before);
  });

  it("refuses a file that is not one of its backups, or is cut short, without touching the database", async () => {
    const stranger = path.join(work, "stranger.sql");
    writeFileSync(stranger, "CREATE TABLE nothing ();\n");
    const refused = runScript("restore", stranger);
    expect(refused.status).toBe(1);
    expect(refused.output).toContain("is not a backup this site can restore");
    expect(refused.output).not.toMatch(/\n\s+at /);

    const restoreTo = (file: string) => (databaseUrl ? restorePostgres(file, databaseUrl) : restoreEmbedded(file, dataDir));
    const cut = path.join(work, "cut.backup");
    writeFileSync(cut, readFileSync(backupFile).subarray(0, -100));
    await expect(restoreTo(cut)).rejects.toThrow(NotABackupError);
    expect(await withDatabase(tableFingerprints)).toEqual(before);
  });

  it("refuses a backup of the other kind of database", async () => {
    const otherKind = path.join(work, "other.backup");
    const payload = path.join(work, "payload");
    writeFileSync(payload, "x");
    await writeBackupFile(otherKind, { driver: onPostgres ? "pglite" : "postgres", payload: "test", createdAt: new Date().toISOString(), migrations: 1 }, payload);
    const restoreTo = (file: string) => (databaseUrl ? restorePostgres(file, databaseUrl) : restoreEmbedded(file, dataDir));
    await expect(restoreTo(otherKind)).rejects.toThrow(BackupRefusedError);
  });

  it.runIf(!onPostgres)("refuses to back up or restore while a server runs on the embedded database", async () => {
    const running = await open();
    try {
      const backup = runScript("backup", path.join(work, "while-running.backup"));
      expect(backup.status).toBe(1);
      expect(backup.output).toContain("The server is running on the embedded database");
      const restore = runScript("restore", backupFile);
      expect(restore.status).toBe(1);
      expect(restore.output).toContain("Stop it before restoring");
      // A running site backs itself up (the scheduled backups do this).
      await backupDatabase(running, path.join(work, "online.backup"));
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
    await restoreEmbedded(path.join(backupDir, readdirSync(backupDir).find((name) => name.endsWith(".backup"))!), restored);
    expect(existsSync(path.join(restored, "pglite", "PG_VERSION"))).toBe(true);
  });

  it.runIf(onPostgres)("refuses to restore while another connection (a running instance) uses the database", async () => {
    const running = await open();
    try {
      await running.executeSql("select 1", []);
      await expect(restorePostgres(backupFile, databaseUrl!)).rejects.toThrow(/other connection/);
    } finally {
      await running.close();
    }
  });
});

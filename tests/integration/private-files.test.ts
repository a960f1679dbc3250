import { spawnSync } from "node:child_process";
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#app/lib/db.server";
import { createEmptyDatabase, dropDatabase } from "#tests/support/test-database";
import { startTestServer } from "#tests/support/test-server";
import { waitFor } from "#tests/support/wait-for";

// Issue 34: the embedded database's files were 0666 and the backups 0644 in a 0755 folder. They
// hold session tokens, the auth secret, password hashes and every member's personal data.
const onPostgres = Boolean(process.env.DATABASE_URL);
const work = mkdtempSync(path.join(tmpdir(), "harmonia-private-files-"));
const dataDir = path.join(work, "data");
// Uploads where they are by default (inside DATA_DIR); scheduled backups on their own, in a folder
// that may hold other things (docs/deploy.md's /var/backups/harmonia).
const uploadsDir = path.join(dataDir, "uploads");
const backupDir = path.join(work, "backups");
const pictureName = "3f2a9c0d1e4b5a6978c0d1e2f3a4b5c6-800.webp";
const picture = path.join(uploadsDir, "events", pictureName);
/** Not ours: a file the operator keeps in the backup folder is left as it is. */
const foreign = path.join(backupDir, "notes.txt");
let databaseUrl: string | undefined;

const modeOf = (entry: string) => statSync(entry).mode & 0o777;

/** Every folder and file under `folder` (itself included) that the group or other users may reach, with its mode. */
function reachableByOthers(folder: string): string[] {
  const entries = [folder, ...readdirSync(folder, { recursive: true, withFileTypes: true }).map((entry) => path.join(entry.parentPath, entry.name))];
  return entries
    .filter((entry) => entry !== foreign && !lstatSync(entry).isSymbolicLink() && (lstatSync(entry).mode & 0o077) !== 0)
    .map((entry) => `${path.relative(work, entry)} ${(lstatSync(entry).mode & 0o777).toString(8)}`);
}

/** Makes every folder under `folder` 0777 and every file 0666, as an installation made before this fix could be. */
function loosen(folder: string) {
  chmodSync(folder, 0o777);
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    chmodSync(path.join(entry.parentPath, entry.name), entry.isDirectory() ? 0o777 : 0o666);
  }
}

/** Runs an npm script's file the way `npm run` does, from a shell whose umask lets everyone read. */
function runScript(script: string, ...args: string[]) {
  const result = spawnSync("sh", ["-c", 'umask 000; exec npx tsx "scripts/$0.ts" "$@"', script, ...args], {
    encoding: "utf8",
    env: { ...process.env, HARMONIA_IGNORE_ENV_FILE: "1", DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? "" },
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

function startServer() {
  return startTestServer({
    DATA_DIR: dataDir,
    BACKUP_DIR: backupDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { BACKUP_EVERY_HOURS: "24" }),
  });
}

describe(`private files (${onPostgres ? "PostgreSQL" : "embedded database"})`, () => {
  beforeAll(async () => {
    databaseUrl = await createEmptyDatabase();
    mkdirSync(path.dirname(picture), { recursive: true });
    writeFileSync(picture, "an uploaded picture");
    mkdirSync(backupDir, { recursive: true });
    const oldBackup = path.join(backupDir, "harmonia-20250101T000000Z.backup");
    writeFileSync(oldBackup, "a backup taken before this fix");
    // Long ago, so the server takes a scheduled backup at once.
    utimesSync(oldBackup, new Date("2025-01-01"), new Date("2025-01-01"));
    if (!databaseUrl) {
      // The embedded database as the server made it before: PGlite writes its files 0666.
      const handle = await openDatabase({ dataDir });
      await handle.close();
    }
    loosen(dataDir);
    loosen(backupDir);
    writeFileSync(foreign, "the operator's notes");
    chmodSync(foreign, 0o644);
  });

  afterAll(async () => {
    if (databaseUrl) await dropDatabase(databaseUrl);
    rmSync(work, { recursive: true, force: true });
  });

  it("makes a loose installation owner-only at start-up, saying so in one line, and still serves the uploads", async () => {
    expect(reachableByOthers(dataDir).length).toBeGreaterThan(onPostgres ? 3 : 900);
    expect(reachableByOthers(backupDir)).toHaveLength(2);
    const server = await startServer();
    try {
      const tightened = server.output().split("\n").filter((line) => line.startsWith("[files]"));
      expect(tightened, server.output()).toHaveLength(1);
      expect(tightened[0]).toMatch(/^\[files\] made \d+ folders and [\d,]+ files that other users of this machine could reach owner-only, in /);
      expect(tightened[0]).toContain(`, in ${dataDir}, ${backupDir}`);
      if (!onPostgres) {
        // A scheduled backup, taken at once: the last file written at start-up.
        await waitFor(() => readdirSync(backupDir).filter((name) => name.endsWith(".backup")).length === 2, 60_000);
      }
      expect(reachableByOthers(dataDir)).toEqual([]);
      expect(reachableByOthers(backupDir)).toEqual([]);
      for (const folder of [dataDir, uploadsDir, backupDir, ...(onPostgres ? [] : [path.join(dataDir, "pglite")])]) expect(modeOf(folder), folder).toBe(0o700);
      for (const name of readdirSync(backupDir).filter((entry) => entry.endsWith(".backup"))) expect(modeOf(path.join(backupDir, name)), name).toBe(0o600);
      expect(modeOf(foreign)).toBe(0o644);
      const served = await fetch(`${server.url}/media/events/${pictureName}`);
      expect(served.status).toBe(200);
      expect(await served.text()).toBe("an uploaded picture");
    } finally {
      await server.stop();
    }
  });

  it("writes a backup owner-only, in a folder of its own making, and a restore gives back owner-only files", () => {
    // Uploads that were loose when backed up are private once restored all the same.
    loosen(uploadsDir);
    const backupFile = path.join(work, "offsite", "site.backup");
    const backup = runScript("backup", backupFile);
    expect(backup.output).toContain("Backup of");
    expect(backup.status).toBe(0);
    // (The folder the restore replaces is kept as it was.)
    chmodSync(picture, 0o600);
    chmodSync(path.dirname(picture), 0o700);
    chmodSync(uploadsDir, 0o700);
    expect(modeOf(path.dirname(backupFile))).toBe(0o700);
    expect(modeOf(backupFile)).toBe(0o600);

    const restore = runScript("restore", backupFile);
    expect(restore.output).toContain("Restored the backup");
    expect(restore.status).toBe(0);
    expect(reachableByOthers(dataDir)).toEqual([]);
    expect(reachableByOthers(path.join(work, "offsite"))).toEqual([]);
    expect(modeOf(uploadsDir)).toBe(0o700);
    expect(modeOf(picture)).toBe(0o600);
  });

  it("starts on the restored files with nothing left to tighten", async () => {
    const server = await startServer();
    try {
      expect(server.output()).not.toContain("[files]");
      expect((await fetch(`${server.url}/events`)).status).toBe(200);
      expect(reachableByOthers(dataDir)).toEqual([]);
    } finally {
      await server.stop();
    }
  });
});

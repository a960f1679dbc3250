import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, runMigrations, type DatabaseHandle } from "#app/lib/db.server";
import { folderFingerprints } from "#tests/support/folder-fingerprints";
import { insertCommunityRows, tableFingerprints } from "#tests/support/table-fingerprints";
import { gatherSystemStatus } from "#app/modules/system/system-status.server";
import { readBackupFile } from "./backup-file.server";
import { restoreEmbedded } from "./database-backup.server";
import { startScheduledBackups } from "./scheduled-backups.server";

// The embedded database's own feature: runs once, on PGlite, whatever the run's database.
describe("scheduled backups of the embedded database", () => {
  const work = mkdtempSync(path.join(tmpdir(), "harmonia-scheduled-"));
  const dataDir = path.join(work, "data");
  const dir = path.join(work, "backups");
  const uploadsDir = path.join(work, "uploads");
  let handle: DatabaseHandle;

  beforeAll(async () => {
    // Two pictures' worth of bytes that do not compress (as WebP does not), so the size shown counts them.
    mkdirSync(path.join(uploadsDir, "events"), { recursive: true });
    writeFileSync(path.join(uploadsDir, "events", "a1b2c3d4e5f60718293a4b5c6d7e8f90-1200.webp"), randomBytes(300_000));
    writeFileSync(path.join(uploadsDir, "events", "0f9e8d7c6b5a49382716a5b4c3d2e1f0-1200.webp"), randomBytes(300_000));
    handle = await openDatabase({ dataDir });
    await runMigrations(handle);
    await insertCommunityRows(handle, 200);
  });
  afterAll(async () => {
    await handle?.close();
    rmSync(work, { recursive: true, force: true });
  });

  const files = () => readdirSync(dir).filter((name) => name.endsWith(".backup")).sort();

  it("takes one at once when there is none, then on its schedule, while the site goes on writing, keeping the newest BACKUP_KEEP", async () => {
    const results: boolean[] = [];
    // Every second, so the test sees the schedule work.
    const backups = startScheduledBackups({ handle, dir, uploadsDir, everyHours: 1 / 3600, keep: 2, onResult: (outcome) => results.push(outcome.ok) });
    try {
      // The site goes on writing meanwhile (each write waits at most for the moment a backup copies the files).
      let written = 0;
      while (results.length < 3) {
        await handle.executeSql("insert into community (name, email, interest, consent_accepted_at) values ('Late', $1, 'x', now())", [`late${written}@example.test`]);
        written += 1;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(written).toBeGreaterThan(3);
      expect(results.every(Boolean)).toBe(true);
      expect(files()).toHaveLength(2);
      const state = await backups.state();
      expect(state.latest?.file).toBe(path.join(dir, files().at(-1)!));
      // The whole file: the database and the uploads.
      const { manifest } = await readBackupFile(state.latest!.file);
      expect(manifest.uploads?.files).toBe(2);
      expect(state.latest?.bytes).toBe(statSync(state.latest!.file).size);
      expect(state.latest?.bytes).toBeGreaterThan(manifest.payloadBytes + 600_000);
      expect(state.failure).toBeUndefined();
    } finally {
      await backups.stop();
    }
    // /admin/setup shows the last one's time and size.
    const status = await gatherSystemStatus(
      { env: {}, database: handle, mail: { name: "mailbox" }, worker: { isHealthy: async () => true }, operations: { status: async () => ({ backups: await backups.state(), alerts: [] }) } },
      { includeDetails: true },
    );
    const shown = status.checks.find((check) => check.id === "backups")!;
    expect(shown.state).toBe("ok");
    expect(shown.summary).toMatch(/^Last backup \d{4}-\d\d-\d\d \d\d:\d\d UTC, \d+\.\d MB$/);
    expect(shown.summary).toContain(`, ${((await backups.state()).latest!.bytes / 1e6).toFixed(1)} MB`);
    expect(shown.details).toContainEqual({ label: "Schedule", value: "every 0.000278 h, the last 2 kept" });
    // Taken as the timer takes it, once nothing writes any more: it restores to what the database holds.
    const newest = (await backups.takeNow()).file;
    expect(files()).toHaveLength(2);
    expect(path.join(dir, files().at(-1)!)).toBe(newest);
    const before = await tableFingerprints(handle);
    await handle.close();
    const restoredDir = path.join(work, "restored");
    await restoreEmbedded(newest, { dataDir: restoredDir, uploadsDir: path.join(restoredDir, "uploads") });
    const restored = await openDatabase({ dataDir: restoredDir });
    try {
      expect(await tableFingerprints(restored)).toEqual(before);
      expect(folderFingerprints(path.join(restoredDir, "uploads"))).toEqual(folderFingerprints(uploadsDir));
      expect(Object.keys(folderFingerprints(uploadsDir))).toHaveLength(2);
    } finally {
      await restored.close();
      handle = await openDatabase({ dataDir });
    }
  });
});

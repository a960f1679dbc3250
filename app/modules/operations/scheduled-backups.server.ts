import { mkdir, readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { DatabaseHandle } from "#app/lib/db.server";
import { log, logFailure } from "#app/lib/log.server";
import { takeBackup } from "./database-backup.server";
import { orElse } from "#app/lib/or-else";

const FILE_NAME = /^harmonia-\d{8}T\d{6}Z\.backup$/;

/** A scheduled backup's file, whole or still being written (`.partial`): ours, in a folder that may hold other things. */
export const isScheduledBackupFile = (name: string) => FILE_NAME.test(name.endsWith(".partial") ? name.slice(0, -".partial".length) : name);

export interface BackupOnDisk {
  file: string;
  takenAt: Date;
  bytes: number;
}

export interface ScheduledBackupsState {
  dir: string;
  everyHours: number;
  keep: number;
  latest?: BackupOnDisk;
  /** The last attempt's failure, cleared by the next success. */
  failure?: { at: Date; reason: string };
}

export interface ScheduledBackups {
  /** Takes one backup now (as the timer does), then removes the oldest beyond `keep`. */
  takeNow(): Promise<BackupOnDisk>;
  state(): Promise<ScheduledBackupsState>;
  stop(): Promise<void>;
}

/** `harmonia-20261126T070102Z.backup`: sorts by time, read by the listing and the pruning. */
export function backupFileName(at: Date): string {
  return `harmonia-${at.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "")}.backup`;
}

/**
 * Backs the embedded database and the uploads folder up every `everyHours` into `dir`, from the
 * running instance (the site keeps serving: PGlite holds queries only while it copies its files), keeping the newest
 * `keep`. The first one is due `everyHours` after the newest file already there, so a restart
 * neither skips one nor takes an extra. `onResult` hears each outcome (the backup alert).
 */
export function startScheduledBackups(options: {
  handle: DatabaseHandle;
  dir: string;
  /** UPLOADS_DIR, carried in each backup. */
  uploadsDir: string;
  everyHours: number;
  keep: number;
  /** `code`: the system's error code (`ENOSPC`), the only part of a failure an alert repeats. */
  onResult?: (outcome: { ok: true } | { ok: false; reason: string; code?: string }) => void;
}): ScheduledBackups {
  const intervalMs = options.everyHours * 3_600_000;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;
  let failure: ScheduledBackupsState["failure"];

  async function listBackups(): Promise<BackupOnDisk[]> {
    const names = await readdir(options.dir).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return [] as string[];
      throw error;
    });
    const found = await Promise.all(
      names
        .filter((name) => FILE_NAME.test(name))
        .sort()
        .map(async (name) => {
          const file = path.join(options.dir, name);
          const info = await stat(file);
          return { file, takenAt: info.mtime, bytes: info.size };
        }),
    );
    return found;
  }

  async function takeNow(): Promise<BackupOnDisk> {
    await mkdir(options.dir, { recursive: true, mode: 0o700 });
    const file = path.join(options.dir, backupFileName(new Date()));
    const manifest = await takeBackup(options.handle, { file, uploadsDir: options.uploadsDir });
    const backups = await listBackups();
    for (const old of backups.slice(0, Math.max(0, backups.length - options.keep))) await rm(old.file, { force: true });
    return { file, takenAt: new Date(manifest.createdAt), bytes: (await stat(file)).size };
  }

  async function scheduled(): Promise<void> {
    try {
      const taken = await takeNow();
      failure = undefined;
      log("info", "backup", `backup written to ${taken.file} (${(taken.bytes / 1e6).toFixed(1)} MB)`);
      options.onResult?.({ ok: true });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      failure = { at: new Date(), reason };
      logFailure("backup", "the scheduled backup", error);
      options.onResult?.({ ok: false, reason, code: systemErrorCode(error) });
    }
  }

  function schedule(delayMs: number): void {
    if (stopped) return;
    timer = setTimeout(() => {
      running = scheduled().finally(() => {
        running = undefined;
        schedule(intervalMs);
      });
    }, delayMs);
    // A stopping process does not wait hours for the next backup.
    timer.unref();
  }

  listBackups()
    .then((backups) => {
      const newest = backups.at(-1);
      schedule(newest ? Math.max(0, newest.takenAt.getTime() + intervalMs - Date.now()) : 0);
    })
    // An unreadable folder: the backup is tried at once, so its failure is reported (and alerted) now.
    .catch(() => schedule(0));

  return {
    takeNow,
    async state() {
      const backups = await listBackups().catch(orElse([], "the backup folder cannot be read: no backup is pruned, the next run tries again"));
      return { dir: options.dir, everyHours: options.everyHours, keep: options.keep, latest: backups.at(-1), failure };
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      // A backup being written finishes before the database closes under it.
      await running;
    },
  };
}

/** A Node.js system error's code (`ENOTDIR`, `ENOSPC`), checked character by character; undefined for any other error. */
function systemErrorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== "string" || code.length < 2 || code.length > 32) return undefined;
  for (const char of code) if (!((char >= "A" && char <= "Z") || (char >= "0" && char <= "9") || char === "_")) return undefined;
  return code;
}

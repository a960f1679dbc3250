import type { Env } from "#app/lib/env.server";
import { log } from "#app/lib/log.server";
import { MAX_ENTRIES, tightenPrivateFolders, type PrivateFolder } from "#app/lib/private-files.server";
import { isScheduledBackupFile } from "./scheduled-backups.server";

/**
 * Makes the site's own folders owner-only at start-up (issue 34): DATA_DIR with everything in it
 * (the embedded database, the database folders a restore kept, the lock; by default the uploads and
 * the scheduled backups), UPLOADS_DIR, and the backups in BACKUP_DIR. An installation made before
 * files were kept private had its database files 0666 and its backups 0644; PGlite makes a new
 * database 0666 whatever the umask. Says in one log line what it had to change, nothing when all
 * was private. In BACKUP_DIR only the backup files are ours: the operator may point it at a folder
 * that holds other things.
 */
export async function tightenPrivateFiles(env: Pick<Env, "DATA_DIR" | "UPLOADS_DIR" | "BACKUP_DIR">): Promise<void> {
  const folders: PrivateFolder[] = [];
  if (!env.DATA_DIR.startsWith("memory://")) folders.push({ folder: env.DATA_DIR, contents: "all" });
  folders.push({ folder: env.UPLOADS_DIR, contents: "all" }, { folder: env.BACKUP_DIR, contents: isScheduledBackupFile });
  const result = await tightenPrivateFolders(folders);
  if (result.where.length === 0 && result.failed === 0 && !result.truncated) return;
  const count = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
  const problems = [
    result.failed > 0 ? `${count(result.failed, "entry", "entries")} could not be changed (owned by another user? run chmod -R go-rwx on them)` : "",
    result.truncated ? `stopped after the first ${count(MAX_ENTRIES, "entry", "entries")} (are DATA_DIR and UPLOADS_DIR the site's own folders?)` : "",
  ].filter(Boolean);
  const tightened =
    result.where.length > 0
      ? `made ${count(result.folders, "folder", "folders")} and ${count(result.files, "file", "files")} that other users of this machine could reach owner-only, in ${result.where.join(", ")}`
      : "checked the private folders";
  log(problems.length > 0 ? "warn" : "info", "files", [tightened, ...problems].join("; "));
}

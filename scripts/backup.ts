// `npm run backup -- <file>`: writes a backup of the configured database (the embedded one in
// DATA_DIR, or PostgreSQL at DATABASE_URL) and of the uploaded files (UPLOADS_DIR) to <file>.
// See README, "Backups".
import { existsSync, statSync } from "node:fs";
import { getEnv, InvalidEnvironmentError } from "#app/lib/env.server";
import { DataDirectoryInUseError, openDatabase } from "#app/lib/db.server";
import { BackupRefusedError, pgliteFolder, takeBackup } from "#app/modules/operations/index.server";
import { keepNewFilesPrivate } from "#server/private-umask.js";

// Before anything touches the disk: see server/private-umask.js.
keepNewFilesPrivate();

const file = process.argv[2];
try {
  if (!file) throw new BackupRefusedError("Usage: npm run backup -- <file>   (for example: npm run backup -- backups/harmonia.backup)");
  const env = getEnv();
  if (!env.DATABASE_URL) {
    if (env.DATA_DIR.startsWith("memory://")) throw new BackupRefusedError("DATA_DIR is memory://: an in-memory database has nothing to back up.");
    if (!existsSync(pgliteFolder(env.DATA_DIR))) throw new BackupRefusedError(`There is no database in ${env.DATA_DIR} to back up (start the site once first).`);
  }
  const started = performance.now();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR }).catch((error: unknown) => {
    if (error instanceof DataDirectoryInUseError) {
      throw new BackupRefusedError(
        `The server is running on the embedded database in ${error.dataDir}, and a second process on it could damage it. ` +
          "Stop the server first, or let it take backups itself while it runs (BACKUP_DIR and BACKUP_EVERY_HOURS).",
      );
    }
    throw error;
  });
  try {
    const manifest = await takeBackup(database, { file, uploadsDir: env.UPLOADS_DIR, databaseUrl: env.DATABASE_URL });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const files = manifest.uploads?.files ?? 0;
    console.log(
      `Backup of ${database.location} and of ${files} uploaded ${files === 1 ? "file" : "files"} in ${env.UPLOADS_DIR} ` +
        `written to ${file} (${(statSync(file).size / 1e6).toFixed(1)} MB, ${seconds} s).`,
    );
  } finally {
    await database.close();
  }
} catch (error) {
  if (error instanceof InvalidEnvironmentError || error instanceof BackupRefusedError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

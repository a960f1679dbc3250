// `npm run restore -- <file>`: replaces the configured database (the embedded one in DATA_DIR, or
// PostgreSQL at DATABASE_URL) and the uploaded files (UPLOADS_DIR) with a backup made by
// `npm run backup`. Stop the site first.
import { getEnv, InvalidEnvironmentError } from "#app/lib/env.server";
import { DataDirectoryInUseError } from "#app/lib/db.server";
import { BackupRefusedError, NotABackupError, restoreEmbedded, restorePostgres, type RestoreOutcome } from "#app/modules/operations/index.server";
import { keepNewFilesPrivate } from "#server/private-umask.js";

// Before anything touches the disk: see server/private-umask.js.
keepNewFilesPrivate();

const file = process.argv[2];
try {
  if (!file) throw new BackupRefusedError("Usage: npm run restore -- <file>   (a file written by npm run backup)");
  const env = getEnv();
  const started = performance.now();
  const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
  let outcome: RestoreOutcome;
  if (env.DATABASE_URL) {
    outcome = await restorePostgres(file, { databaseUrl: env.DATABASE_URL, uploadsDir: env.UPLOADS_DIR });
    console.log(`Restored the backup of ${outcome.manifest.createdAt} into ${new URL(env.DATABASE_URL).host}${new URL(env.DATABASE_URL).pathname} (${seconds()} s).`);
  } else {
    if (env.DATA_DIR.startsWith("memory://")) throw new BackupRefusedError("DATA_DIR is memory://: set DATA_DIR to the folder to restore into.");
    outcome = await restoreEmbedded(file, { dataDir: env.DATA_DIR, uploadsDir: env.UPLOADS_DIR }).catch((error: unknown) => {
      if (error instanceof DataDirectoryInUseError) {
        throw new BackupRefusedError(`The server is running on the embedded database in ${error.dataDir}. Stop it before restoring.`);
      }
      throw error;
    });
    console.log(`Restored the backup of ${outcome.manifest.createdAt} into ${env.DATA_DIR} (${seconds()} s).`);
    if (outcome.previous) console.log(`The database it replaced is kept in ${outcome.previous}; delete that folder once you are satisfied.`);
  }
  const { uploads } = outcome;
  if (uploads) {
    console.log(`Restored ${uploads.files} uploaded ${uploads.files === 1 ? "file" : "files"} into ${uploads.folder}.`);
    if (uploads.previous) console.log(`The uploads folder it replaced is kept in ${uploads.previous}; delete that folder once you are satisfied.`);
  } else {
    console.log(
      `This backup (format 1, made before backups carried the uploads) had no uploaded files: ${env.UPLOADS_DIR} was left as it was. ` +
        "Copy the event images back into it if you kept them elsewhere.",
    );
  }
  console.log("Start the site as usual; it applies any migrations newer than the backup.");
} catch (error) {
  if (error instanceof InvalidEnvironmentError || error instanceof BackupRefusedError || error instanceof NotABackupError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

// `npm run restore -- <file>`: replaces the configured database (the embedded one in DATA_DIR, or
// PostgreSQL at DATABASE_URL) with a backup made by `npm run backup`. Stop the site first.
import { getEnv, InvalidEnvironmentError } from "~/lib/env.server";
import { DataDirectoryInUseError } from "~/lib/db.server";
import { NotABackupError } from "~/modules/operations/index.server";
import { BackupRefusedError, restoreEmbedded, restorePostgres } from "~/modules/operations/index.server";

const file = process.argv[2];
try {
  if (!file) throw new BackupRefusedError("Usage: npm run restore -- <file>   (a file written by npm run backup)");
  const env = getEnv();
  const started = performance.now();
  const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
  if (env.DATABASE_URL) {
    const { manifest } = await restorePostgres(file, env.DATABASE_URL);
    console.log(`Restored the backup of ${manifest.createdAt} into ${new URL(env.DATABASE_URL).host}${new URL(env.DATABASE_URL).pathname} (${seconds()} s).`);
  } else {
    if (env.DATA_DIR.startsWith("memory://")) throw new BackupRefusedError("DATA_DIR is memory://: set DATA_DIR to the folder to restore into.");
    const { manifest, previous } = await restoreEmbedded(file, env.DATA_DIR).catch((error: unknown) => {
      if (error instanceof DataDirectoryInUseError) {
        throw new BackupRefusedError(`The server is running on the embedded database in ${error.dataDir}. Stop it before restoring.`);
      }
      throw error;
    });
    console.log(`Restored the backup of ${manifest.createdAt} into ${env.DATA_DIR} (${seconds()} s).`);
    if (previous) console.log(`The database it replaced is kept in ${previous}; delete that folder once you are satisfied.`);
  }
  console.log("Start the site as usual; it applies any migrations newer than the backup.");
} catch (error) {
  if (error instanceof InvalidEnvironmentError || error instanceof BackupRefusedError || error instanceof NotABackupError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

// `npm run seed`: applies migrations and the demo content to the configured database.
// Idempotent; the server also does this at start-up when SEED_DEMO_CONTENT is on (by default on the
// embedded database only). A database that holds an import or rows people made is refused (exit 1).
import { getEnv, InvalidEnvironmentError } from "#app/lib/env.server";
import { DataDirectoryInUseError, openDatabase, runMigrations } from "#app/lib/db.server";
import { describeDemoInvitations, seedDemoContent } from "#app/modules/demo/index.server";
import { seedTracks } from "#app/modules/music/index.server";
import { keepNewFilesPrivate } from "#server/private-umask.js";

// Before anything touches the disk: see server/private-umask.js.
keepNewFilesPrivate();

try {
  const env = getEnv();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    await runMigrations(database);
    await seedTracks(database.db);
    const demo = await seedDemoContent(database.db, env.PUBLIC_URL);
    if (!demo.added) {
      // A database with real data never gets demo content (docs/decisions/052).
      console.error(demo.message);
      process.exitCode = 1;
    } else {
      console.log(`Demo content is in place (${database.location}).`);
      for (const line of describeDemoInvitations(demo.links)) console.log(line);
    }
  } finally {
    await database.close();
  }
} catch (error) {
  if (error instanceof InvalidEnvironmentError || error instanceof DataDirectoryInUseError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

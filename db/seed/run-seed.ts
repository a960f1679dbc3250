// `npm run seed`: applies migrations and the demo content to the configured database.
// Idempotent; the server also does this at start-up unless SEED_DEMO_CONTENT=false.
import { getEnv, InvalidEnvironmentError } from "~/lib/env.server";
import { DataDirectoryInUseError, openDatabase, runMigrations } from "~/lib/db.server";
import { seedDemoContent } from "./seed-demo-content.server";
import { seedTracks } from "./seed-tracks.server";

try {
  const env = getEnv();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    await runMigrations(database);
    await seedTracks(database.db);
    await seedDemoContent(database.db);
    console.log(`Demo content is in place (${database.location}).`);
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

import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import pg from "pg";
import { openDatabase, runMigrations, type DatabaseHandle } from "#app/lib/db.server";

export interface TestDatabase {
  handle: DatabaseHandle;
  /** The URL of the database when the run uses PostgreSQL. */
  url?: string;
  dispose(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: in memory on the embedded database, or a new
 * database on the PostgreSQL server named by DATABASE_URL (dropped again afterwards).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const url = await createEmptyDatabase();
  // On the embedded database, a copy of the run's migrated database (tests/support/vitest-global-setup.ts);
  // the migrations then find nothing left to do.
  const dump = url ? "" : await providedByVitest("migratedPgliteDump");
  const startFrom = dump ? new Blob([await readFile(dump)]) : undefined;
  const handle = await openDatabase(url ? { databaseUrl: url } : { dataDir: "memory://", startFrom });
  await runMigrations(handle);
  return {
    handle,
    url,
    async dispose() {
      await handle.close();
      if (url) await dropDatabase(url);
    },
  };
}

/**
 * What tests/support/vitest-global-setup.ts made for this run; "" outside Vitest (the browser tests
 * and the benches load these helpers too, so Vitest is imported only when it runs).
 */
export async function providedByVitest(key: "migratedPgliteDump" | "migratedPgliteFolder"): Promise<string> {
  if (!process.env.VITEST) return "";
  return (await import("vitest")).inject(key) ?? "";
}

/** On PostgreSQL runs, a new empty database on the server of DATABASE_URL; otherwise undefined. */
export async function createEmptyDatabase(): Promise<string | undefined> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return undefined;
  const name = `harmonia_test_${randomBytes(6).toString("hex")}`;
  await withAdminClient(serverUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  await withAdminClient(url, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}

/** Runs `work` on the server's `postgres` database (to create or drop others). */
export async function withAdminClient(url: string, work: (client: pg.Client) => Promise<unknown>) {
  const adminUrl = new URL(url);
  adminUrl.pathname = "/postgres";
  const client = new pg.Client({ connectionString: adminUrl.toString() });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

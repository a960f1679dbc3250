import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import type pg from "pg";
import * as schema from "#db/schema";
import { lockDataDirectory } from "./data-directory-lock.server";
import { logFailure } from "./log.server";
import { createPostgresPool } from "./postgres-pool.server";
import { tightenPrivateFolders } from "./private-files.server";
import { projectRoot } from "./project-root.server";
import { orElse } from "#app/lib/or-else";

export { DataDirectoryInUseError } from "./data-directory-lock.server";

/** One type for both drivers: the domain code never knows which one it talks to. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * A statement built once per database instead of on every call (drizzle's `.prepare(name)`): a
 * hot path's query skips drizzle's building (about a tenth of a millisecond of CPU for a joined
 * select), and PostgreSQL parses and plans it once per connection. `name` must be unique to the
 * statement. Called with a transaction, it is prepared for that transaction (and dropped with it).
 */
export function preparedOnce<T>(prepare: (db: Database) => T): (db: Database) => T {
  const byDatabase = new WeakMap<Database, T>();
  return (db) => {
    let prepared = byDatabase.get(db);
    if (prepared === undefined) byDatabase.set(db, (prepared = prepare(db)));
    return prepared;
  };
}

export interface DatabaseHandle {
  db: Database;
  driver: "pglite" | "postgres";
  /** Where the data lives, for logs and the status page (never includes a password). */
  location: string;
  /** Raw SQL for libraries that bring their own queries (pg-boss). */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL connection URL; when absent the embedded database is used. */
  databaseUrl?: string;
  /** Folder of the embedded database; "memory://" keeps it in memory (tests). */
  dataDir?: string;
  /** PostgreSQL connections at most (default 10); a helper thread such as the bounce poller takes fewer. */
  poolSize?: number;
  /**
   * An embedded database to start from instead of an empty one: a copy of a data folder as PGlite's
   * `dumpDataDir` writes it (the tests start each file's database from one migrated copy, made once
   * per run, rather than creating and migrating a database each time).
   */
  startFrom?: Blob;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize);
  return openPglite(options.dataDir ?? "./data", options.startFrom);
}

async function openPostgres(databaseUrl: string, poolSize?: number): Promise<DatabaseHandle> {
  const pool = createPostgresPool(databaseUrl, (error) => logFailure("db", "a PostgreSQL connection", error), poolSize);
  const url = new URL(databaseUrl);
  return {
    db: drizzlePostgres({ client: pool, schema, casing: "snake_case" }) as unknown as Database,
    driver: "postgres",
    location: `postgres://${url.host}${url.pathname}`,
    executeSql: (text, values) => pool.query(text, values as unknown[]),
    close: () => pool.end(),
  };
}

async function openPglite(dataDir: string, startFrom?: Blob): Promise<DatabaseHandle> {
  const inMemory = dataDir.startsWith("memory://");
  const absoluteDir = inMemory ? dataDir : path.resolve(dataDir);
  let releaseLock: (() => Promise<void>) | undefined;
  if (!inMemory) {
    mkdirSync(absoluteDir, { recursive: true, mode: 0o700 });
    releaseLock = await lockDataDirectory(absoluteDir);
  }
  try {
    const folder = inMemory ? undefined : path.join(absoluteDir, "pglite");
    const client = await PGlite.create(folder, startFrom ? { loadDataDir: startFrom } : undefined);
    // PGlite sets its files' modes itself, whatever the umask: a new database's 0666, and the
    // catalog cache it rewrites at each start 0644. They hold every password hash and session.
    if (folder) await tightenPrivateFolders([{ folder, contents: "all" }]);
    return {
      db: drizzlePglite({ client, schema, casing: "snake_case" }) as unknown as Database,
      driver: "pglite",
      location: inMemory ? "memory" : absoluteDir,
      // PGlite's query() takes one statement; pg-boss also sends multi-statement scripts.
      executeSql: (text, values) =>
        values && values.length > 0
          ? client.query(text, values)
          : client.exec(text).then((results) => ({ rows: results.at(-1)?.rows ?? [] })),
      close: async () => {
        await client.close();
        await releaseLock?.();
      },
    };
  } catch (error) {
    await releaseLock?.();
    throw error;
  }
}

/** Rows of a raw SQL query; both drivers answer with `{ rows }`. */
export async function queryRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

const migrationsFolder = () => path.join(projectRoot(), "db", "migrations");

/** Key of the advisory lock that lets one instance at a time migrate a shared PostgreSQL. */
const MIGRATION_LOCK_KEY = 4_201_907;

/** Applies the committed SQL migrations that have not been applied yet. */
export async function runMigrations(handle: DatabaseHandle): Promise<void> {
  if (handle.driver === "pglite") {
    await migratePglite(handle.db as never, { migrationsFolder: migrationsFolder() });
    return;
  }
  const pool = (handle.db as unknown as { $client: pg.Pool }).$client;
  const client = await pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await migratePostgres(drizzlePostgres({ client, casing: "snake_case" }), {
      migrationsFolder: migrationsFolder(),
    });
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(orElse(undefined, "a session-level lock ends with its connection, released next"));
    client.release();
  }
}

/** Key of the advisory lock held over an instance's whole start-up work on a shared PostgreSQL. */
const STARTUP_LOCK_KEY = 4_201_908;

/**
 * Holds off other instances' start-up work while this one does its own (migrations, the job queue's schema and queues, seeds) while
 * no other instance does its own: two instances started together on an empty PostgreSQL each
 * created the job queue's tables and one of them exited (a duplicate key or a deadlock, issue 27).
 * The second waits, then finds everything made. The embedded database has one process at a time
 * (its data directory lock), so there it just runs.
 */
export async function holdStartupLock(handle: DatabaseHandle): Promise<() => Promise<void>> {
  if (handle.driver === "pglite") return async () => undefined;
  const pool = (handle.db as unknown as { $client: pg.Pool }).$client;
  const client = await pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [STARTUP_LOCK_KEY]);
  } catch (error) {
    client.release();
    throw error;
  }
  return async () => {
    await client.query("SELECT pg_advisory_unlock($1)", [STARTUP_LOCK_KEY]).catch(orElse(undefined, "a session-level lock ends with its connection, released next"));
    client.release();
  };
}

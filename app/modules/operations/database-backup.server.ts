import { spawn } from "node:child_process";
import { createReadStream, createWriteStream, existsSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rename, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { DatabaseHandle } from "~/lib/db.server";
import { lockDataDirectory } from "~/lib/data-directory-lock.server";
import { projectRoot } from "~/lib/project-root.server";
import { readBackupFile, writeBackupFile, type BackupManifest } from "./backup-file.server";

/** A refusal a person can act on (wrong database, a running server, a newer backup): printed as it is, without a stack. */
export class BackupRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupRefusedError";
  }
}

/** The embedded database's files inside DATA_DIR (see app/lib/db.server.ts). */
export const pgliteFolder = (dataDir: string) => path.join(path.resolve(dataDir), "pglite");

/**
 * Writes a backup of the open database to `file`. The embedded database is dumped from the open
 * instance (PGlite holds its queries meanwhile, so the copy is consistent and the site keeps
 * serving); PostgreSQL through pg_dump's custom format, which needs `databaseUrl`.
 */
export async function backupDatabase(handle: DatabaseHandle, file: string, databaseUrl?: string): Promise<BackupManifest> {
  const migrations = await appliedMigrations(handle);
  const work = await mkdtemp(path.join(tmpdir(), "harmonia-backup-"));
  try {
    const payloadFile = path.join(work, "payload");
    if (handle.driver === "pglite") {
      const client = (handle.db as unknown as { $client: PGlite }).$client;
      // Recent writes into the data files, so a restore replays little.
      await client.exec("CHECKPOINT");
      const tarball = await client.dumpDataDir("gzip");
      await pipeline(tarball.stream() as unknown as NodeJS.ReadableStream, createWriteStream(payloadFile));
    } else {
      if (!databaseUrl) throw new Error("a PostgreSQL backup needs the database URL");
      await runTool("pg_dump", ["--format=custom", "--no-owner", "--no-privileges", `--file=${payloadFile}`], databaseUrl);
    }
    await mkdir(path.dirname(path.resolve(file)), { recursive: true });
    return await writeBackupFile(
      file,
      { driver: handle.driver, payload: handle.driver === "pglite" ? "pglite-datadir-tgz" : "pg_dump-custom", createdAt: new Date().toISOString(), migrations },
      payloadFile,
    );
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * Replaces the embedded database in `dataDir` with the backup in `file`. Refused while a server
 * runs on that directory (its lock). The backup is unpacked beside the current files and swapped
 * in only once PGlite has opened it; the replaced files are kept (their folder is returned).
 */
export async function restoreEmbedded(file: string, dataDir: string): Promise<{ manifest: BackupManifest; previous?: string }> {
  const { manifest, payloadOffset } = await checkedBackup(file, "pglite");
  const folder = pgliteFolder(dataDir);
  await mkdir(path.dirname(folder), { recursive: true });
  const release = await lockDataDirectory(path.dirname(folder));
  const staging = `${folder}.restoring`;
  try {
    await rm(staging, { recursive: true, force: true });
    const tarball = (await readFile(file)).subarray(payloadOffset);
    const restored = await PGlite.create(staging, { loadDataDir: new Blob([tarball]) });
    try {
      await restored.query("select 1");
    } finally {
      await restored.close();
    }
    let previous: string | undefined;
    if (existsSync(folder)) {
      previous = `${folder}.before-restore-${new Date().toISOString().replace(/[:.]/g, "-")}`;
      await rename(folder, previous);
    }
    await rename(staging, folder);
    return { manifest, previous };
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  } finally {
    await release();
  }
}

/**
 * Replaces everything in the PostgreSQL database of `databaseUrl` with the backup in `file`, in one
 * transaction: pg_restore turns the dump into SQL, psql runs it after dropping the current schemas;
 * any error rolls the whole restore back and leaves the database as it was. Refused while anything
 * else is connected to the database (a running instance would see its tables vanish).
 */
export async function restorePostgres(file: string, databaseUrl: string): Promise<{ manifest: BackupManifest }> {
  const { manifest, payloadOffset } = await checkedBackup(file, "postgres");
  const schemas = await withClient(databaseUrl, async (client) => {
    // A server stopped a moment ago: its connections' backends take a little while to go.
    let count = 0;
    for (let check = 0; check < 10; check += 1) {
      const others = await client.query<{ count: string }>("select count(*) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()");
      count = Number(others.rows[0]?.count ?? 0);
      if (count === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    if (count > 0) {
      throw new BackupRefusedError(
        `${count} other ${count === 1 ? "connection is" : "connections are"} open on this database (a running server?). Stop every instance of the site before restoring.`,
      );
    }
    const result = await client.query<{ name: string }>("select nspname as name from pg_namespace where nspname not like 'pg\\_%' and nspname <> 'information_schema'");
    return result.rows.map((row) => row.name);
  });
  const prelude = [...schemas.map((name) => `DROP SCHEMA IF EXISTS ${quoteIdentifier(name)} CASCADE;`), "CREATE SCHEMA IF NOT EXISTS public;", ""].join("\n");
  const { env, url } = connectionFor(databaseUrl);
  const restore = spawn("pg_restore", ["--no-owner", "--no-privileges", "--file=-"], { stdio: ["pipe", "pipe", "pipe"], env });
  const psql = spawn("psql", ["--no-psqlrc", "--quiet", "--single-transaction", "--set=ON_ERROR_STOP=1", `--dbname=${url}`], { stdio: ["pipe", "ignore", "pipe"], env });
  const restoreDone = finished(restore, "pg_restore");
  const psqlDone = finished(psql, "psql");
  // psql stopping at an error closes its input; its exit code says why, not this pipe's EPIPE.
  psql.stdin.on("error", () => undefined);
  psql.stdin.write(prelude);
  restore.stdout.pipe(psql.stdin);
  await Promise.all([pipeline(createReadStream(file, { start: payloadOffset }), restore.stdin), restoreDone, psqlDone]);
  return { manifest };
}

async function checkedBackup(file: string, driver: BackupManifest["driver"]) {
  const backup = await readBackupFile(file);
  const { manifest } = backup;
  if (manifest.driver !== driver) {
    const kind = (name: string) => (name === "pglite" ? "the embedded database" : "PostgreSQL");
    throw new BackupRefusedError(
      `${file} is a backup of ${kind(manifest.driver)}, but this site is configured for ${kind(driver)} ` +
        `(${driver === "postgres" ? "DATABASE_URL is set" : "DATABASE_URL is unset"}). Restore it where it was made.`,
    );
  }
  const known = knownMigrations();
  if (manifest.migrations > known) {
    throw new BackupRefusedError(`${file} was made by a newer version of the site (${manifest.migrations} migrations, this one knows ${known}). Upgrade first.`);
  }
  return backup;
}

async function appliedMigrations(handle: DatabaseHandle): Promise<number> {
  const result = await handle.executeSql("select count(*)::int as count from drizzle.__drizzle_migrations", []);
  return Number((result.rows[0] as { count: number }).count);
}

function knownMigrations(): number {
  const journal = JSON.parse(readFileSync(path.join(projectRoot(), "db", "migrations", "meta", "_journal.json"), "utf8")) as { entries: unknown[] };
  return journal.entries.length;
}

/** The URL without its password, which goes to the tools through PGPASSWORD instead of a command line others may read. */
function connectionFor(databaseUrl: string): { env: NodeJS.ProcessEnv; url: string } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = "";
  return { env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) }, url: url.toString() };
}

async function runTool(command: string, args: string[], databaseUrl: string): Promise<void> {
  const { env, url } = connectionFor(databaseUrl);
  const child = spawn(command, [...args, `--dbname=${url}`], { stdio: ["ignore", "ignore", "pipe"], env });
  await finished(child, command);
}

function finished(child: ReturnType<typeof spawn>, name: string): Promise<void> {
  let errors = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    errors += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    child.on("error", (error: NodeJS.ErrnoException) =>
      reject(error.code === "ENOENT" ? new BackupRefusedError(`${name} is not installed (on Debian: apt-get install postgresql-client, of the server's major version or newer).`) : error),
    );
    child.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`${name} failed (exit ${code}): ${errors.trim().slice(0, 2000)}`))));
  });
}

async function withClient<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

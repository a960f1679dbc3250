import { spawn } from "node:child_process";
import { createReadStream, createWriteStream, readFileSync } from "node:fs";
import { mkdir, mkdtemp, open, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { DatabaseHandle } from "#app/lib/db.server";
import { lockDataDirectory } from "#app/lib/data-directory-lock.server";
import { tightenPrivateFolders } from "#app/lib/private-files.server";
import { projectRoot } from "#app/lib/project-root.server";
import { BackupRefusedError, readBackupFile, writeBackupFile, type BackupManifest, type CheckedBackup } from "./backup-file.server";
import { swapInFolder } from "./swap-in-folder.server";
import { checkUploadsFolderCanBeSwapped, packUploads, unpackUploads } from "./uploads-archive.server";

export interface RestoreOutcome {
  manifest: BackupManifest;
  /** The embedded database's replaced files, kept beside the new ones. */
  previous?: string;
  /** Undefined for a format-1 backup, which holds no uploads: the folder is left as it was. */
  uploads?: { files: number; folder: string; previous?: string };
}

/** The embedded database's files inside DATA_DIR (see app/lib/db.server.ts). */
export const pgliteFolder = (dataDir: string) => path.join(path.resolve(dataDir), "pglite");

/**
 * Writes a backup of the open database and of the uploads folder to `file`. The embedded database
 * is dumped from the open instance (PGlite holds its queries meanwhile, so the copy is consistent
 * and the site keeps serving); PostgreSQL through pg_dump's custom format, which needs
 * `databaseUrl`. The uploads are packed after the dump: an image is stored before the event that
 * shows it is saved, so every image the dumped rows name is already there.
 */
export async function takeBackup(handle: DatabaseHandle, options: { file: string; uploadsDir: string; databaseUrl?: string }): Promise<BackupManifest> {
  const { file, databaseUrl } = options;
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
    const uploadsFile = path.join(work, "uploads.tgz");
    const { files } = await packUploads(options.uploadsDir, uploadsFile);
    await mkdir(path.dirname(path.resolve(file)), { recursive: true });
    return await writeBackupFile(
      file,
      { driver: handle.driver, payload: handle.driver === "pglite" ? "pglite-datadir-tgz" : "pg_dump-custom", createdAt: new Date().toISOString(), migrations },
      payloadFile,
      { file: uploadsFile, files },
    );
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * Replaces the embedded database in `dataDir` and the folder `uploadsDir` with the backup in
 * `file`. Refused while a server runs on that directory (its lock). Both are unpacked beside the
 * current ones (the uploads first, so a refused archive stops the restore before the database) and
 * swapped in only once PGlite has opened its copy; the replaced folders are kept (and returned).
 */
export async function restoreEmbedded(file: string, options: { dataDir: string; uploadsDir: string }): Promise<RestoreOutcome> {
  const backup = await checkedBackup(file, "pglite");
  const { manifest, payloadOffset } = backup;
  const folder = pgliteFolder(options.dataDir);
  await mkdir(path.dirname(folder), { recursive: true });
  const release = await lockDataDirectory(path.dirname(folder));
  const staging = `${folder}.restoring`;
  let uploads: StagedUploads | undefined;
  try {
    uploads = await stageUploads(backup, file, options.uploadsDir);
    await rm(staging, { recursive: true, force: true });
    const tarball = await readRange(file, payloadOffset, manifest.payloadBytes);
    const restored = await PGlite.create(staging, { loadDataDir: new Blob([tarball]) });
    try {
      await restored.query("select 1");
    } finally {
      await restored.close();
    }
    // PGlite writes the loaded files 0666 whatever the umask.
    await tightenPrivateFolders([{ folder: staging, contents: "all" }]);
    const previous = await swapInFolder(staging, folder);
    return { manifest, previous, uploads: await uploads?.swapIn() };
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    await uploads?.discard();
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
export async function restorePostgres(file: string, options: { databaseUrl: string; uploadsDir: string }): Promise<RestoreOutcome> {
  const { databaseUrl } = options;
  const backup = await checkedBackup(file, "postgres");
  const { manifest, payloadOffset } = backup;
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
  const uploads = await stageUploads(backup, file, options.uploadsDir);
  try {
    await runRestore(file, databaseUrl, schemas, { offset: payloadOffset, bytes: manifest.payloadBytes });
  } catch (error) {
    await uploads?.discard();
    throw error;
  }
  return { manifest, uploads: await uploads?.swapIn() };
}

/** pg_restore's SQL for the dump at `range` in `file`, run by psql in one transaction after dropping `schemas`. */
async function runRestore(file: string, databaseUrl: string, schemas: string[], range: { offset: number; bytes: number }): Promise<void> {
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
  await Promise.all([pipeline(createReadStream(file, { start: range.offset, end: range.offset + range.bytes - 1 }), restore.stdin), restoreDone, psqlDone]);
}

interface StagedUploads {
  /** Puts the unpacked folder in place of UPLOADS_DIR, keeping the replaced one. */
  swapIn(): Promise<{ files: number; folder: string; previous?: string }>;
  discard(): Promise<void>;
}

/** The backup's uploads unpacked beside UPLOADS_DIR, checked entry by entry; undefined for a format-1 backup. */
async function stageUploads(backup: CheckedBackup, file: string, uploadsDir: string): Promise<StagedUploads | undefined> {
  if (backup.uploadsOffset === undefined || !backup.manifest.uploads) return undefined;
  const folder = path.resolve(uploadsDir);
  await checkUploadsFolderCanBeSwapped(folder);
  await mkdir(path.dirname(folder), { recursive: true });
  const staged = `${folder}.restoring`;
  const { bytes, files: expected } = backup.manifest.uploads;
  const { files } = await unpackUploads(file, { offset: backup.uploadsOffset, bytes, files: expected }, staged);
  // The archive's modes pass through the umask, and a caller without ours (a test, a library user) may have a loose one.
  await tightenPrivateFolders([{ folder: staged, contents: "all" }]);
  return {
    swapIn: async () => ({ files, folder, previous: await swapInFolder(staged, folder) }),
    discard: () => rm(staged, { recursive: true, force: true }),
  };
}

async function readRange(file: string, offset: number, bytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const handle = await open(file, "r");
  try {
    const buffer = new Uint8Array(bytes);
    await handle.read(buffer, 0, bytes, offset);
    return buffer;
  } finally {
    await handle.close();
  }
}

async function checkedBackup(file: string, driver: BackupManifest["driver"]): Promise<CheckedBackup> {
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

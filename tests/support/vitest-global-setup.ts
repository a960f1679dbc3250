import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase, runMigrations } from "#app/lib/db.server";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated embedded database as PGlite's dumpDataDir writes it, or "" on PostgreSQL runs. */
    migratedPgliteDump: string;
    /** The same database as a server's data folder holds it (`<DATA_DIR>/pglite`), or "". */
    migratedPgliteFolder: string;
  }
}

/**
 * Once per Vitest run, before any file: on the embedded database, one database migrated to the
 * current schema, kept as a file and as a data folder. Each test file's database starts from a
 * copy of the first (tests/support/test-database.ts), and each test server given no DATA_DIR from
 * a copy of the second (tests/support/test-server.ts), instead of PGlite creating a database
 * (initdb, most of a start's time) and every migration running again, about 150 times a run. The
 * tests of a first start on an empty folder name their own DATA_DIR, and the browser tests' server
 * starts empty (docs/decisions/058).
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide("migratedPgliteDump", "");
    project.provide("migratedPgliteFolder", "");
    return;
  }
  const folder = mkdtempSync(path.join(tmpdir(), "harmonia-vitest-"));
  const file = path.join(folder, "migrated.tar");
  const handle = await openDatabase({ dataDir: "memory://" });
  let dump: Blob;
  try {
    await runMigrations(handle);
    const client = (handle.db as unknown as { $client: { dumpDataDir(compression: "none"): Promise<Blob> } }).$client;
    dump = await client.dumpDataDir("none");
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await handle.close();
  }
  // Opened as a server opens its folder, so its files are as private as a server's (0600, 0700).
  const serverData = path.join(folder, "server-data");
  await (await openDatabase({ dataDir: serverData, startFrom: dump })).close();
  project.provide("migratedPgliteDump", file);
  project.provide("migratedPgliteFolder", path.join(serverData, "pglite"));
  return () => rmSync(folder, { recursive: true, force: true });
}

import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, queryRows, type DatabaseHandle } from "#app/lib/db.server";
import { demoEvents } from "#app/modules/demo/demo-events";
import { demoAddresses } from "#app/modules/demo/demo-people";
import { messyLegacyData, writeLegacyCsvFolder } from "#tests/fixtures/legacy/legacy-data";
import { createEmptyDatabase, dropDatabase } from "#tests/support/test-database";
import { freePort } from "#tests/support/smtp-sink";
import { runToEnd } from "#tests/support/legacy-import";
import { runImportInProcess } from "#tests/support/legacy-import-in-process";

/**
 * Moving in as the README's "Moving from the old site" says, word for word: its commands, run
 * with npm in the project folder, into an empty data folder (DATA_DIR) on the embedded run and a
 * new database (DATABASE_URL) on the PostgreSQL run, then `npm start` on it with nothing else set.
 * Afterwards the database holds no demo row (docs/decisions/052), and a site that was run with the
 * demo first refuses the import until --remove-demo, which takes the demo out in the import's
 * transaction. Needs the build (`npm start` builds only when the sources changed).
 */
const root = path.resolve(import.meta.dirname, "../..");
const onPostgres = Boolean(process.env.DATABASE_URL);

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

interface Site {
  /** The README's `export`: DATA_DIR, or DATABASE_URL on the PostgreSQL run. */
  env: Record<string, string>;
  dispose(): Promise<void>;
}

async function emptySite(work: string, name: string): Promise<Site> {
  const url = await createEmptyDatabase();
  return {
    env: url ? { DATABASE_URL: url } : { DATA_DIR: path.join(work, name, "data") },
    async dispose() {
      if (url) await dropDatabase(url);
    },
  };
}

/** The environment a person's shell has: ours, without a database of the test run's own choosing, plus the README's export. */
function shellEnv(site: Site, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, HARMONIA_IGNORE_ENV_FILE: "1", ...site.env, ...extra };
  if (!site.env.DATABASE_URL) delete env.DATABASE_URL;
  for (const name of ["SEED_DEMO_CONTENT", "NODE_ENV", "SMTP_URL", "PORT", "PUBLIC_URL"]) if (!(name in extra)) delete env[name];
  return env;
}

/** `npm <args>` in the project folder, to its end. */
function npm(args: string[], env: NodeJS.ProcessEnv): Promise<Run> {
  return runToEnd(spawn("npm", args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] }));
}

/**
 * `npm start` until the site answers; `stop()` ends it as Ctrl+C in its terminal does (SIGINT to
 * its whole process group: npm does not pass a signal of its own on) and waits until it has let go
 * of the data.
 */
async function npmStart(env: NodeJS.ProcessEnv) {
  const port = await freePort();
  const child = spawn("npm", ["start"], { cwd: root, env: { ...env, PORT: String(port) }, stdio: ["ignore", "pipe", "pipe"], detached: true });
  const ctrlC = () => {
    if (child.exitCode === null && child.pid) process.kill(-child.pid, "SIGINT");
  };
  // A test that times out never reaches its clean-up; the site must not outlive the run.
  process.once("exit", ctrlC);
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  while (!(await fetch(`${url}/healthz`).then((response) => response.ok).catch(() => false))) {
    if (child.exitCode !== null || Date.now() - started > 150_000) {
      ctrlC();
      throw new Error(`npm start did not bring the site up:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    output: () => output,
    async stop() {
      ctrlC();
      return exited;
    },
  };
}

async function withSiteDatabase<T>(site: Site, work: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  const handle = await openDatabase(site.env.DATABASE_URL ? { databaseUrl: site.env.DATABASE_URL } : { dataDir: site.env.DATA_DIR! });
  try {
    return await work(handle);
  } finally {
    await handle.close();
  }
}

const demoTitles = demoEvents().map((event) => event.title);

/** Every trace of the demo brand: its marks, its events by title, its people by address, anywhere the demo puts them. */
async function demoRowsIn(handle: DatabaseHandle) {
  const titles = sql.join(demoTitles.map((title) => sql`${title}`), sql`, `);
  const addresses = sql.join(demoAddresses.map((address) => sql`${address}`), sql`, `);
  const [row] = await queryRows<Record<string, number>>(
    handle.db,
    sql`select
      (select count(*)::int from demo_rows) as marks,
      (select count(*)::int from events where title in (${titles})) as events,
      (select count(*)::int from reservations where lower(visitor_email) in (${addresses})) as reservations,
      (select count(*)::int from invitations where lower(email) in (${addresses})) as invitations,
      (select count(*)::int from newsletter where lower(email) in (${addresses})) as newsletter,
      (select count(*)::int from waitlist where lower(email) in (${addresses})) as waitlist,
      (select count(*)::int from user_profiles where lower(email) in (${addresses})) as "userProfiles",
      (select count(*)::int from music_access where lower(email) in (${addresses})) as "musicAccess"`,
  );
  return row!;
}

const none = { marks: 0, events: 0, reservations: 0, invitations: 0, newsletter: 0, waitlist: 0, userProfiles: 0, musicAccess: 0 };

const count = async (handle: DatabaseHandle, table: string) =>
  (await queryRows<{ n: number }>(handle.db, sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]!.n;

describe(`moving in as the README says (${onPostgres ? "PostgreSQL" : "embedded database"})`, () => {
  let work: string;
  let exportFolder: string;
  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), "harmonia-moving-in-"));
    // The old host's CSV export, as the README's step 1 describes it.
    exportFolder = path.join(work, "old-site-export");
    await writeLegacyCsvFolder(exportFolder, messyLegacyData());
  });
  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it("imports into an empty site and starts it with no demo row", async () => {
    const site = await emptySite(work, "fresh");
    try {
      const env = shellEnv(site);
      const dryRun = await npm(["run", "import:legacy", "--", "--from", exportFolder], env);
      expect(dryRun.code, dryRun.stderr).toBe(0);
      expect(dryRun.stdout).toContain("Dry run: nothing was written.");
      const applied = await npm(["run", "import:legacy", "--", "--from", exportFolder, "--apply"], env);
      expect(applied.code, applied.stderr).toBe(0);

      const server = await npmStart(env);
      try {
        const listing = await (await fetch(`${server.url}/events`)).text();
        expect(listing).toContain("Winter Solstice Sound Bath");
        for (const title of demoTitles) expect(listing, title).not.toContain(title);
        // The start-up log says why there is no demo (on the embedded database it was asked for, by default).
        if (!onPostgres) expect(server.output()).toContain("[demo] No demo content added: this database holds an import from the old site");
      } finally {
        await server.stop();
      }
      await withSiteDatabase(site, async (handle) => {
        expect(await demoRowsIn(handle)).toEqual(none);
        expect(await count(handle, "import_runs")).toBe(1);
      });

      // Whatever the setting: asking for the demo explicitly adds nothing either.
      const seeded = await npm(["run", "seed"], shellEnv(site, { SEED_DEMO_CONTENT: "true" }));
      expect(seeded.code).toBe(1);
      expect(seeded.stderr).toContain("No demo content added: this database holds an import from the old site");
      await withSiteDatabase(site, async (handle) => expect(await demoRowsIn(handle)).toEqual(none));
    } finally {
      await site.dispose();
    }
  }, 400_000);

  it("refuses to import beside the demo until --remove-demo, which removes it in the import's transaction", async () => {
    const site = await emptySite(work, "tried-first");
    try {
      const env = shellEnv(site);
      // The site was tried with its demo first.
      expect((await npm(["run", "seed"], env)).code).toBe(0);
      const demoBefore = await withSiteDatabase(site, demoRowsIn);
      expect(demoBefore.events).toBe(14);

      // The steps between the README's commands (a refusal, dry runs, a failure) run the import's
      // command in this test's process: legacy-import.test.ts covers them as the command, and
      // spawning npm for each cost some 8 s.
      const refused = await runImportInProcess(["--from", exportFolder, "--apply"], site.env);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/This database holds demo content \(14 events; 8 reservations on them; 3 invitations.*Add --remove-demo/);
      await withSiteDatabase(site, async (handle) => {
        expect(await count(handle, "import_runs")).toBe(0);
        expect(await demoRowsIn(handle)).toEqual(demoBefore);
      });

      // A dry run says what --apply will ask for; with --remove-demo it plans the import without the demo, and changes nothing.
      const dryRun = await runImportInProcess(["--from", exportFolder], site.env);
      expect(dryRun.code, dryRun.stderr).toBe(0);
      expect(dryRun.stdout).toContain("This database holds demo content");
      const dryRemoval = await runImportInProcess(["--from", exportFolder, "--remove-demo"], site.env);
      expect(dryRemoval.code, dryRemoval.stderr).toBe(0);
      expect(dryRemoval.stdout).toContain("Would remove the demo content: 14 events;");
      await withSiteDatabase(site, async (handle) => expect(await demoRowsIn(handle)).toEqual(demoBefore));

      // A failure half-way through the import keeps the demo as it was: one transaction.
      await withSiteDatabase(site, (handle) =>
        handle.executeSql(`
          CREATE FUNCTION refuse_legacy_ids() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'the disk is full (test)'; END $$;
          CREATE TRIGGER refuse_legacy_ids BEFORE INSERT ON legacy_ids FOR EACH ROW EXECUTE FUNCTION refuse_legacy_ids();`),
      );
      const failed = await runImportInProcess(["--from", exportFolder, "--apply", "--remove-demo"], site.env);
      expect(failed.code).toBe(2);
      expect(failed.stderr).toContain("(the demo content is still there)");
      await withSiteDatabase(site, async (handle) => {
        expect(await demoRowsIn(handle)).toEqual(demoBefore);
        expect(await count(handle, "import_runs")).toBe(0);
        await handle.executeSql("DROP TRIGGER refuse_legacy_ids ON legacy_ids; DROP FUNCTION refuse_legacy_ids();");
      });

      const applied = await npm(["run", "import:legacy", "--", "--from", exportFolder, "--apply", "--remove-demo"], env);
      expect(applied.code, applied.stderr).toBe(0);
      expect(applied.stdout).toContain("Removed the demo content: 14 events; 8 reservations on them; 3 invitations");
      await withSiteDatabase(site, async (handle) => {
        expect(await demoRowsIn(handle)).toEqual(none);
        expect(await count(handle, "import_runs")).toBe(1);
        const log = await queryRows<{ kind: string; actor_email: string }>(handle.db, sql`select kind, actor_email from activity_log order by created_at, kind`);
        expect(log.map((entry) => entry.kind).sort()).toEqual(["demo.removed", "legacy.imported"]);
        expect(new Set(log.map((entry) => entry.actor_email))).toEqual(new Set(["npm run import:legacy"]));
      });
    } finally {
      await site.dispose();
    }
  }, 400_000);
});

// `npm test`: builds the production site, then runs the unit and integration tests (Vitest) and
// the end-to-end tests (Playwright in /usr/bin/chromium) against that build. With DATABASE_URL
// set, they run on PostgreSQL, each suite on databases of its own: the Vitest files that open a
// database, and the browser tests tagged @db, those where the database changes what a page does
// (docs/decisions/058).
import { spawnSync } from "node:child_process";
import { appendFileSync, existsSync } from "node:fs";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { vitestFilesByDatabase } from "./database-test-files.js";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(chromium)) {
  console.error(`Chromium is missing at ${chromium}: install it (Debian: apt-get install -y chromium) or set CHROMIUM_PATH.`);
  process.exit(1);
}

const databaseUrl = process.env.DATABASE_URL;
const databaseName = databaseUrl ? "PostgreSQL" : "PGlite";

/**
 * How long each stage took, printed at the end; .ci/run also collects them from every `npm test`
 * (HARMONIA_STAGE_TIMES names its file) to print the whole run's stages in one table.
 */
const stageTimes = [];
function timed(stage, work) {
  const started = Date.now();
  try {
    return work();
  } finally {
    const seconds = Math.round((Date.now() - started) / 1000);
    stageTimes.push([stage, seconds]);
    if (process.env.HARMONIA_STAGE_TIMES) appendFileSync(process.env.HARMONIA_STAGE_TIMES, `${stage}\t${seconds}\n`);
  }
}

function printStageTimes() {
  console.log(`\nStage times (${databaseName}):`);
  for (const [stage, seconds] of stageTimes) console.log(`  ${stage.padEnd(24)} ${String(seconds).padStart(5)} s`);
}

function exit(status) {
  printStageTimes();
  process.exit(status);
}

function run(stage, command, args, env = {}) {
  console.log(`\n> ${command} ${args.join(" ")}`);
  const result = timed(stage, () => spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } }));
  if (result.status !== 0) exit(result.status ?? 1);
}

async function withAdmin(url, work) {
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

console.log(`Testing on ${databaseUrl ? `PostgreSQL (${new URL(databaseUrl).host})` : "the embedded database (PGlite)"}`);

// .ci/run builds once for both databases: the build does not depend on which one runs.
if (process.env.HARMONIA_REUSE_BUILD === "1" && existsSync("build/server/index.js")) console.log("Using the build already made");
else run("build", "npx", ["react-router", "build"]);
// On PostgreSQL only the test files that open a database run: the others do the same on either
// database and the PGlite pass ran them (HARMONIA_VITEST_ALL=1 runs every file anyway).
const vitestFiles = databaseUrl && process.env.HARMONIA_VITEST_ALL !== "1" ? vitestFilesByDatabase(process.cwd()).database : [];
if (vitestFiles.length > 0) console.log(`\nOn PostgreSQL: the ${vitestFiles.length} Vitest files that open a database (node scripts/database-test-files.js lists the rest)`);
run(`vitest (${databaseName})`, "npx", ["vitest", "run", ...vitestFiles]);

let e2eDatabaseUrl = "";
if (databaseUrl) {
  const name = `harmonia_e2e_${randomBytes(5).toString("hex")}`;
  await withAdmin(databaseUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  e2eDatabaseUrl = url.toString();
}
// On PostgreSQL, playwright.config.ts runs only the browser tests tagged @db (docs/decisions/058).
console.log(`\n> npx playwright test${e2eDatabaseUrl ? " (the tests tagged @db)" : ""}`);
const e2e = timed(`e2e (${databaseName})`, () =>
  spawnSync("npx", ["playwright", "test"], {
    stdio: "inherit",
    env: { ...process.env, E2E_DATABASE_URL: e2eDatabaseUrl, CHROMIUM_PATH: chromium, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1" },
  }),
);
if (e2eDatabaseUrl) {
  const name = new URL(e2eDatabaseUrl).pathname.slice(1);
  await withAdmin(databaseUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}
exit(e2e.status ?? 1);

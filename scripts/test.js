// `npm test`: builds the production site, then runs the unit and integration tests (Vitest) and
// the end-to-end tests (Playwright in /usr/bin/chromium) against that build. With DATABASE_URL
// set, everything runs on PostgreSQL, each suite on databases of its own.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { randomBytes } from "node:crypto";
import pg from "pg";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(chromium)) {
  console.error(`Chromium is missing at ${chromium}: install it (Debian: apt-get install -y chromium) or set CHROMIUM_PATH.`);
  process.exit(1);
}

function run(command, args, env = {}) {
  console.log(`\n> ${command} ${args.join(" ")}`);
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
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

const databaseUrl = process.env.DATABASE_URL;
console.log(`Testing on ${databaseUrl ? `PostgreSQL (${new URL(databaseUrl).host})` : "the embedded database (PGlite)"}`);

// .ci/run builds once for both databases: the build does not depend on which one runs.
if (process.env.HARMONIA_REUSE_BUILD === "1" && existsSync("build/server/index.js")) console.log("Using the build already made");
else run("npx", ["react-router", "build"]);
run("npx", ["vitest", "run"]);

let e2eDatabaseUrl = "";
if (databaseUrl) {
  const name = `harmonia_e2e_${randomBytes(5).toString("hex")}`;
  await withAdmin(databaseUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  e2eDatabaseUrl = url.toString();
}
const e2e = spawnSync("npx", ["playwright", "test"], {
  stdio: "inherit",
  env: { ...process.env, E2E_DATABASE_URL: e2eDatabaseUrl, CHROMIUM_PATH: chromium, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1" },
});
if (e2eDatabaseUrl) {
  const name = new URL(e2eDatabaseUrl).pathname.slice(1);
  await withAdmin(databaseUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}
process.exit(e2e.status ?? 1);

import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import pg from "pg";
import sharp from "sharp";
import { legacyPasswords, loadLegacyDatabase, messyLegacyData } from "#tests/fixtures/legacy/legacy-data";
import { createLegacySourceDatabase, runImportCommand } from "#tests/support/legacy-import";
import { test } from "../support/hydration";
import { onBothDatabases } from "../support/tags";

/**
 * Moving in, as the founder does it: the old site's database imported with `npm run import:legacy
 * -- --apply` into a new site's database (the command wants the server stopped on the embedded
 * database, so this file runs a server of its own after the import), then the site used: a member
 * signs in with the old site's password (twice: the second time against the re-hashed one), the
 * imported event is on /events, its imported guests are in the staff guest list.
 */
test.describe.configure({ mode: "serial" });

const root = path.resolve(import.meta.dirname, "../../..");
let source: { url: string; drop(): Promise<void> };
let folder: string;
let targetUrl: string | undefined;
let server: ChildProcess | undefined;
let siteUrl: string;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** On PostgreSQL runs, a database of this file's own next to the browser tests' one. */
async function adminQuery(text: string) {
  const admin = new URL(process.env.E2E_DATABASE_URL!);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  source = await createLegacySourceDatabase();
  await loadLegacyDatabase(source.url, messyLegacyData());
  folder = mkdtempSync(path.join(tmpdir(), "harmonia-e2e-legacy-"));
  const images = path.join(folder, "images");
  await import("node:fs/promises").then((fs) => fs.mkdir(images, { recursive: true }));
  await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 40, g: 30, b: 90 } } })
    .png()
    .toFile(path.join(images, "solstice.png"));
  if (process.env.E2E_DATABASE_URL) {
    const name = `harmonia_e2e_legacy_${randomBytes(5).toString("hex")}`;
    await adminQuery(`CREATE DATABASE "${name}"`);
    const url = new URL(process.env.E2E_DATABASE_URL);
    url.pathname = `/${name}`;
    targetUrl = url.toString();
  }
  const target = { DATA_DIR: path.join(folder, "data"), UPLOADS_DIR: path.join(folder, "uploads"), ...(targetUrl ? { DATABASE_URL: targetUrl } : {}) };
  const imported = await runImportCommand(["--from", source.url, "--apply", "--images", images], target);
  expect(imported.code, imported.stderr).toBe(0);

  const port = await freePort();
  siteUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...target,
    NODE_ENV: "production",
    PORT: String(port),
    PUBLIC_URL: siteUrl,
    DATABASE_URL: targetUrl ?? "",
    SMTP_URL: "",
    SEED_DEMO_CONTENT: "false",
    // Roles are never imported: the allow-list makes Jonah, an old member, an admin here.
    ADMIN_EMAILS: "jonah@example.com",
    EVENT_STAFF_EMAILS: "",
    RATE_LIMIT_MULTIPLIER: "50",
    HARMONIA_IGNORE_ENV_FILE: "1",
  };
  server = spawn(process.execPath, [path.join(root, "server", "main.js")], { cwd: root, env, stdio: "ignore" });
  for (let tries = 0; ; tries++) {
    if (await fetch(`${siteUrl}/healthz`).then((response) => response.ok).catch(() => false)) break;
    if (tries > 600 || server.exitCode !== null) throw new Error("The imported site's server did not start");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  if (targetUrl) await adminQuery(`DROP DATABASE IF EXISTS "${new URL(targetUrl).pathname.slice(1)}" WITH (FORCE)`);
  await source?.drop();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

const main = (page: Page) => page.getByRole("main");

async function logIn(page: Page, email: string, password: string) {
  await page.goto(`${siteUrl}/login`);
  await main(page).getByLabel("Email address").fill(email);
  await main(page).getByLabel("Password", { exact: true }).fill(password);
  await main(page).getByRole("button", { name: "Log In", exact: true }).click();
  await expect(main(page).getByRole("status").filter({ hasText: "Login successful!" })).toBeVisible();
  await expect(page.getByText(email, { exact: true })).toBeVisible();
}

test("a member signs in with the old site's password, and again once it is re-hashed", onBothDatabases, async ({ page }) => {
  await logIn(page, "maya.lin@example.com", legacyPasswords.maya);
  await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Logout" }).click();
  await expect(page.getByText("maya.lin@example.com", { exact: true })).toHaveCount(0);
  // The first sign-in replaced the bcrypt hash with ours: the same password still works.
  await logIn(page, "maya.lin@example.com", legacyPasswords.maya);
});

test("the imported event is on /events", onBothDatabases, async ({ page }) => {
  await page.goto(`${siteUrl}/events`);
  await expect(main(page).getByRole("heading", { name: "Winter Solstice Sound Bath" })).toBeVisible();
  await expect(main(page).getByText("Mystery Gathering")).toHaveCount(0);
});

test("the imported reservations are in the staff guest list", onBothDatabases, async ({ page }) => {
  await logIn(page, "jonah@example.com", legacyPasswords.jonah);
  await page.goto(`${siteUrl}/admin/eventreservations`);
  const solstice = page.getByRole("rowgroup").filter({ hasText: "Winter Solstice Sound Bath" }).first();
  await solstice.getByText(/^Guests: /).click();
  await expect(solstice.getByRole("cell", { name: "Jonah Reyes", exact: true })).toBeVisible();
  await expect(solstice.getByRole("cell", { name: "Sam Ortiz", exact: true })).toBeVisible();

  await page.goto(`${siteUrl}/admin/setup`);
  await expect(page.getByRole("heading", { name: "Imports from the old site" })).toBeVisible();
});

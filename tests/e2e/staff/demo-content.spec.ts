import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect as baseExpect, type Page } from "@playwright/test";
import pg from "pg";
import { test } from "../support/hydration";
import { openAsAPerson } from "../support/as-a-person";
import { linkIn, mailTo, waitForMail } from "../support/mail";
import { smtpPort } from "../support/ports";

/**
 * The demo brand on a new site (docs/decisions/052), as its founder meets it on /admin/setup: the
 * page in the staff area with its navigation, in plain words, saying "Demo content: present" and
 * that bounces are not detected; Remove demo content shows what will go, asks, and removes it, with
 * JavaScript and without. Removing is for good, so this file runs sites of its own (each with the
 * demo, no bounce settings), not the shared one the other specs read the demo from.
 */
test.describe.configure({ mode: "serial", timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 25_000 });

const root = path.resolve(import.meta.dirname, "../../..");
const demoEventTitle = "Candlelight Piano Meditation";

interface Site {
  url: string;
  admin: string;
  stop(): Promise<void>;
}

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

/** A new site with the demo content (a fresh data folder, or a fresh database on PostgreSQL runs), mailing through the run's catcher. */
async function startSite(): Promise<Site> {
  const folder = mkdtempSync(path.join(tmpdir(), "harmonia-e2e-demo-"));
  let databaseUrl: string | undefined;
  if (process.env.E2E_DATABASE_URL) {
    const name = `harmonia_e2e_demo_${randomBytes(5).toString("hex")}`;
    await adminQuery(`CREATE DATABASE "${name}"`);
    const url = new URL(process.env.E2E_DATABASE_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const admin = `founder-${Date.now().toString(36)}-${randomBytes(3).toString("hex")}@example.com`;
  const server: ChildProcess = spawn(process.execPath, [path.join(root, "server", "main.js")], {
    cwd: root,
    stdio: "ignore",
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: path.join(folder, "data"),
      DATABASE_URL: databaseUrl ?? "",
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      ADMIN_EMAILS: admin,
      EVENT_STAFF_EMAILS: "",
      RATE_LIMIT_MULTIPLIER: "50",
      // A new site as it comes: the demo, and nothing set up to hear bounces.
      SEED_DEMO_CONTENT: "true",
      MAIL_EVENTS_SECRET: "",
      HARMONIA_IGNORE_ENV_FILE: "1",
    },
  });
  for (let tries = 0; ; tries++) {
    if (await fetch(`${url}/healthz`).then((response) => response.ok).catch(() => false)) break;
    if (tries > 600 || server.exitCode !== null) throw new Error("The demo site's server did not start");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    admin,
    async stop() {
      if (server.exitCode === null) {
        const exited = new Promise((resolve) => server.once("exit", resolve));
        server.kill("SIGTERM");
        await exited;
      }
      if (databaseUrl) await adminQuery(`DROP DATABASE IF EXISTS "${new URL(databaseUrl).pathname.slice(1)}" WITH (FORCE)`);
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** Signs the founder in by e-mailed link: asks on the sign-in page, opens the link, presses Sign in. */
async function signIn(page: Page, site: Site) {
  const before = (await mailTo(site.admin)).length;
  await page.goto(`${site.url}/login`);
  const main = page.getByRole("main");
  await main.getByLabel("Email address").fill(site.admin);
  await main.getByRole("button", { name: "Send me a sign-in link" }).click();
  const mail = await waitForMail(site.admin, before + 1);
  await page.goto(linkIn(mail, "/login/link?"));
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Logout" })).toBeVisible();
}

const main = (page: Page) => page.getByRole("main");

test.describe("with JavaScript", () => {
  let site: Site;
  test.beforeAll(async () => {
    site = await startSite();
  });
  test.afterAll(async () => {
    await site?.stop();
  });

  test("the setup page sits in the staff area and says, in plain words, what is here and what is not set up", async ({ page }) => {
    await signIn(page, site);
    await openAsAPerson(page, `${site.url}/admin/setup`);
    const staffNavigation = page.getByRole("navigation", { name: "Staff" });
    await expect(staffNavigation.getByRole("link", { name: "System" })).toHaveAttribute("aria-current", "page");
    await expect(staffNavigation.getByRole("link", { name: "Dashboard" })).toBeVisible();
    await expect(main(page).getByRole("link", { name: "Back to Home" })).toHaveCount(0);
    await expect(main(page).getByRole("heading", { name: "Demo content: present" })).toBeVisible();
    await expect(main(page).getByRole("link", { name: /^Pending: rosa\.delgado@example\.com$/ })).toBeVisible();

    const bounces = main(page).getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Bounces and complaints" }) });
    await expect(bounces).toContainText("Not configured: bounces are not detected.");
    await expect(bounces).toContainText("BOUNCE_MAILBOX_URL");
    const structure = main(page).getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Database structure" }) });
    await expect(structure).toContainText("Up to date");
    const text = await main(page).innerText();
    expect(text).not.toContain("`");
    expect(text).not.toMatch(/PGlite|migration|0000_foundation/i);

    // The Deliverability page's empty list says the same truth.
    await openAsAPerson(page, `${site.url}/admin/communications/deliverability`);
    await expect(page.getByTestId("bounces-not-detected")).toContainText("Not configured: bounces are not detected.");
    await expect(main(page).getByText("No address is suppressed: with nothing hearing bounces, none will be.")).toBeVisible();
  });

  test("an admin removes the demo content: the page lists what will go, asks, and removes it", async ({ page }) => {
    await signIn(page, site);
    await openAsAPerson(page, `${site.url}/admin/setup`);
    await main(page).getByRole("button", { name: "Remove demo content" }).click();

    const review = main(page).getByRole("heading", { name: "Remove the demo content?" });
    await expect(review).toBeFocused();
    const going = main(page).getByRole("list", { name: "What will be removed" });
    await expect(going).toContainText("14 events");
    await expect(going).toContainText("8 reservations on them");
    await expect(going).toContainText("3 invitations");
    // Keeping it changes nothing.
    await main(page).getByRole("link", { name: "Keep it" }).click();
    await expect(main(page).getByRole("heading", { name: "Demo content: present" })).toBeVisible();

    await main(page).getByRole("button", { name: "Remove demo content" }).click();
    await main(page).getByRole("button", { name: "Yes, remove the demo content" }).click();
    const answer = page.getByTestId("demo-answer");
    await expect(answer).toContainText("The demo content was removed: 14 events; 8 reservations on them; 3 invitations");
    await expect(answer).toBeFocused();
    await expect(main(page).getByRole("heading", { name: "Demo content: none" })).toBeVisible();
    await expect(main(page).getByRole("button", { name: "Remove demo content" })).toHaveCount(0);

    await openAsAPerson(page, `${site.url}/events`);
    await expect(main(page)).not.toContainText(demoEventTitle);
    await openAsAPerson(page, `${site.url}/admin/activity`);
    await expect(main(page).getByRole("list", { name: "Activity entries" }).getByText("Removed the demo content")).toBeVisible();
  });
});

test.describe("without JavaScript", () => {
  let site: Site;
  test.beforeAll(async () => {
    site = await startSite();
  });
  test.afterAll(async () => {
    await site?.stop();
  });

  test("Remove demo content works as plain forms: the review is a page of its own, the removal a post", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await signIn(page, site);
      await page.goto(`${site.url}/admin/setup`);
      await main(page).getByRole("button", { name: "Remove demo content" }).click();
      await expect(page).toHaveURL(/\/admin\/setup\?demo=review-removal$/);
      await expect(main(page).getByRole("list", { name: "What will be removed" })).toContainText("14 events");
      await main(page).getByRole("button", { name: "Yes, remove the demo content" }).click();
      await expect(page.getByTestId("demo-answer")).toContainText("The demo content was removed: 14 events");
      await expect(main(page).getByRole("heading", { name: "Demo content: none" })).toBeVisible();
      await page.goto(`${site.url}/events`);
      await expect(main(page)).not.toContainText(demoEventTitle);
    } finally {
      await context.close();
    }
  });
});

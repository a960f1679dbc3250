import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { e2eAdminEmails, e2eEventStaffEmails, fullPlaylistListeners } from "./tests/e2e/support/accounts";
import { mailApiPort, mailApiUrl, sessionDoorPort, sitePort, smtpPort, stripePort, stripeUrl } from "./tests/e2e/support/ports";
import { stripeEnvFor } from "./tests/support/stripe-test-keys";
import { bothDatabasesTag } from "./tests/e2e/support/tags";

const port = sitePort;
// The runner reads this file, and so does each worker: the server's data folder is made once, by the
// runner, and reaches the workers through the environment (each used to make an empty one of its own).
process.env.HARMONIA_E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "harmonia-e2e-"));
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * On PostgreSQL (scripts/test.js sets E2E_DATABASE_URL) only the tests tagged `@db` run: those
 * where the database changes what a page does (the rule is in tests/e2e/support/tags.ts and
 * docs/decisions/058). Everything else is the same on either database and runs once, on the
 * embedded run. E2E_EVERY_SPEC=1 runs them all on PostgreSQL too.
 */
const onlyTaggedSpecs = !!process.env.E2E_DATABASE_URL && process.env.E2E_EVERY_SPEC !== "1";

/** Specs for browsers without JavaScript (`*.nojs.spec.ts`) run in their own project. */
const noJavaScriptSpecs = "**/*.nojs.spec.ts";

/**
 * End-to-end tests drive Debian's Chromium (never a downloaded browser) against the production
 * build, on a fresh embedded data directory, or on the fresh PostgreSQL database that
 * scripts/test.js creates when DATABASE_URL is set.
 */
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // Long flows (a reservation, its e-mail, the cancel link, the page again) take 35-40 s on a busy 2-core machine.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  grep: onlyTaggedSpecs ? bothDatabasesTag : undefined,
  globalTeardown: "./tests/e2e/support/remove-data-dir.ts",
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // Recording a trace costs every test CPU (a screencast of every frame) though only a failure keeps
    // it: a third of the browser tests' time on this machine. In CI, where a failed test runs once
    // more, only that second run records one.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    launchOptions: {
      executablePath: chromiumPath,
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
    },
  },
  projects: [
    {
      name: "chromium",
      testIgnore: noJavaScriptSpecs,
      use: { ...devices["Desktop Chrome"], channel: undefined },
    },
    {
      // The same controls as a browser without JavaScript meets them: forms post, links navigate.
      name: "no-javascript",
      testMatch: noJavaScriptSpecs,
      use: { ...devices["Desktop Chrome"], channel: undefined, javaScriptEnabled: false },
    },
  ],
  webServer: [
    {
      command: "npx tsx tests/support/mail-catcher.ts",
      url: `${mailApiUrl}/healthz`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
      env: { E2E_SMTP_PORT: String(smtpPort), E2E_MAIL_API_PORT: String(mailApiPort) },
    },
    {
      command: "npx tsx tests/support/stripe-stand-in-server.ts",
      url: `${stripeUrl}/healthz`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
      env: { E2E_STRIPE_PORT: String(stripePort), E2E_SITE_URL: `http://127.0.0.1:${port}` },
    },
    {
      // The production build, with the tests' session door beside it in the same process (signIn in
      // tests/e2e/support/auth.ts; docs/decisions/058): nothing of the door is in app/ or server/.
      command: "node --import ./tests/e2e/support/session-door.js server/main.js",
      url: `http://127.0.0.1:${port}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        NODE_ENV: "production",
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: process.env.HARMONIA_E2E_DATA_DIR,
        DATABASE_URL: process.env.E2E_DATABASE_URL ?? "",
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        // Every browser test comes from 127.0.0.1; the limits themselves are tested over HTTP.
        RATE_LIMIT_MULTIPLIER: "50",
        // The default event staff, plus one staff listener per test that needs the full playlist.
        EVENT_STAFF_EMAILS: ["staff@harmonia.example", ...Object.values(fullPlaylistListeners), ...e2eEventStaffEmails].join(","),
        // The default admin, plus the staff tests' own admins (support/accounts.ts).
        ADMIN_EMAILS: ["admin@harmonia.example", ...e2eAdminEmails].join(","),
        OUTBOX_RETRY_DELAY_SECONDS: "1",
        // The deliverability spec records a bounce through the signed generic hook.
        MAIL_EVENTS_SECRET: "e2e-mail-events-secret-0123456789",
        // The tests read the demo content, which a PostgreSQL database gets only when asked.
        SEED_DEMO_CONTENT: "true",
        HARMONIA_IGNORE_ENV_FILE: "1",
        E2E_SESSION_DOOR_PORT: String(sessionDoorPort),
        // Contributions are paid through the Stripe stand-in (tests/support/stripe-stand-in-server.ts).
        ...stripeEnvFor(stripeUrl),
        // The Donate link stays the spec's external one (site/chrome.spec.ts); /donate is tested over HTTP.
        DONATE_URL: "https://donate.stripe.com/harmonia",
      },
    },
  ],
});

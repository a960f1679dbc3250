import { createHmac } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { test as base, devices, expect, type APIRequestContext, type Page } from "@playwright/test";
import { hydrated } from "../support/hydration";
import { staffAccounts } from "../support/accounts";
import { signIn } from "../support/auth";
import { siteUrl } from "../support/ports";

/**
 * Every staff page state, scanned by axe at a desk (1280 px) and on a phone (390 px): 0 violations,
 * and no sideways scrolling on the phone. The states are the pages a founder and a door volunteer
 * open, and the steps inside them (a form opened, a list chosen, a review before a send). Each
 * state is a test of its own, so the walk runs on every worker at once and a failure names it.
 *
 * The states are read-only pages, so each worker keeps one signed-in page for all of them (a
 * fresh browser context per state would load and compile every script again, for each of the
 * 30): an admin of its own, the screen width set by each test. Such a page keeps no trace of a
 * failure; the failure names the state and its violations.
 */
const test = base.extend<object, { staffPage: Page }>({
  staffPage: [
    async ({ browser }, provide, workerInfo) => {
      const context = await browser.newContext({ ...devices["Desktop Chrome"], baseURL: siteUrl });
      const page = await context.newPage();
      await signIn(page, staffAccounts.axeAdmins[workerInfo.parallelIndex % staffAccounts.axeAdmins.length]!, "/admin");
      await provide(page);
      await context.close();
    },
    { scope: "worker" },
  ],
});

async function expectNoAxeViolations(page: Page, state: string) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]).analyze();
  const violations = results.violations.map((violation) => ({ state, id: violation.id, nodes: violation.nodes.map((node) => node.target.join(" ")) }));
  expect(violations).toEqual([]);
}

/** Opens `path` and waits for React to take the page over, as a person's next press would find it. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
}

/** The first upcoming event taking reservations, as the dashboard's 'Next events' links to its door. */
async function doorPath(page: Page): Promise<string> {
  await open(page, "/admin");
  return (await page.getByRole("link", { name: /^Check-in for / }).first().getAttribute("href"))!;
}

/** A suppressed address, so the deliverability page is scanned with a row and its removal form. */
async function suppressAnAddress(request: APIRequestContext, width: number) {
  const bounce = JSON.stringify({ type: "bounce", email: `axe-${width}@recipient.example`, permanent: true, reason: "550 5.1.1 user unknown" });
  const signature = createHmac("sha256", "e2e-mail-events-secret-0123456789").update(bounce).digest("hex");
  const response = await request.post("/api/mail/events/generic", { headers: { "Content-Type": "application/json", "X-Signature": `sha256=${signature}` }, data: bounce });
  expect(response.ok()).toBe(true);
}

const widths = [
  { name: "a desk", width: 1280, height: 800 },
  { name: "a phone", width: 390, height: 844 },
] as const;

/** Each state and its address; the door's is found on the dashboard (the next event's check-in). */
const states: Array<[string, string | "door"]> = [
  ["dashboard", "/admin"],
  ["dashboard, initial sign-ups", "/admin?list=signups"],
  ["dashboard, waitlist", "/admin?list=waitlist"],
  ["dashboard, invitations", "/admin?list=invitations"],
  ["events", "/admin/eventmanagement"],
  ["events, new event form", "/admin/eventmanagement?new=1"],
  ["events, archived", "/admin/eventmanagement?show=archived"],
  ["events, every state", "/admin/eventmanagement?show=all"],
  ["reservations", "/admin/eventreservations"],
  ["check-in", "door"],
  ["communications", "/admin/communications"],
  ["attendee import", "/admin/communications/import"],
  ["deliverability", "/admin/communications/deliverability"],
  ["activity", "/admin/activity"],
  ["system", "/admin/setup"],
];

for (const screen of widths) {
  test.describe(`on ${screen.name} (${screen.width} px)`, () => {
    for (const [state, path] of states) {
      test(`the staff page state '${state}' passes axe`, async ({ staffPage: page, request }) => {
        await page.setViewportSize({ width: screen.width, height: screen.height });
        if (state === "deliverability") await suppressAnAddress(request, screen.width);
        await open(page, path === "door" ? await doorPath(page) : path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expectNoAxeViolations(page, state);
        // Polled: a chart measures its box once drawn, and may be wider for a moment before it does.
        if (screen.width < 500) await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: `${state} scrolls sideways` }).toBeLessThanOrEqual(screen.width);
      });
    }
  });
}

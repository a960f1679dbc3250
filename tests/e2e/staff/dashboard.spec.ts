import { readFile } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { test } from "../support/hydration";
import { staffAccounts } from "../support/accounts";
import { signInWithLink } from "../support/auth";
import { siteUrl } from "../support/ports";
import { onBothDatabases } from "../support/tags";

/** The staff dashboard in the browser: its panels, a list's search, paging and export, deleting by keyboard, a phone, axe. */

const admins = staffAccounts.dashboard;
// A sign-in by e-mail, a page of charts and tables, and axe: more than the default on a busy machine.
test.describe.configure({ timeout: 90_000 });
let sequence = 0;
/** A tag unique to one test, carried by every row it makes, so its searches find only its rows. */
const uniqueTag = (prefix: string) => `${prefix}${Date.now().toString(36)}${process.pid}${(sequence += 1)}`;

async function joinCommunity(page: Page, name: string, email: string) {
  const response = await page.request.post("/join", {
    form: { intent: "join", name, email, phone: "", interest: "piano", consent: "on", emailConsent: "on" },
    headers: { Origin: siteUrl },
  });
  expect(response.status()).toBe(200);
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]).analyze();
  expect(results.violations.map((violation) => ({ id: violation.id, nodes: violation.nodes.map((node) => node.target.join(" ")) }))).toEqual([]);
}

const peopleLists = (page: Page) => page.getByRole("navigation", { name: "Lists" });

test("shows the panels, with charts whose numbers are also a table", onBothDatabases, async ({ page }) => {
  await signInWithLink(page, admins[0]!, "/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  for (const name of ["At a glance", "Events management", "Ticket management", "Listening analytics", "People", "Friend invitation generator", "E-mail campaign tools"]) {
    await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
  }
  const staffPages = page.getByRole("navigation", { name: "Staff pages" });
  await expect(staffPages.getByRole("link", { name: /Event reservations/ })).toHaveAttribute("href", "/admin/eventreservations");
  await expect(staffPages.getByRole("link", { name: /Event management/ })).toHaveAttribute("href", "/admin/eventmanagement");
  await expect(staffPages.getByRole("link", { name: /Communications/ })).toHaveAttribute("href", "/admin/communications");
  // The demo events are upcoming: their seats are drawn, and listed in the chart's table.
  await expect(page.getByTestId("chart").first().locator("svg.recharts-surface")).toBeVisible();
  await page.getByText("Show the numbers: Seats of upcoming events").click();
  await expect(page.getByRole("table", { name: "Seats of upcoming events" }).getByRole("columnheader", { name: "Seats taken" })).toBeVisible();
  await expect(page.getByRole("alert")).toHaveCount(0);
});

test("reads at a glance: the next events with their seats in words and ways to their guests and door, charts with legends", onBothDatabases, async ({ page }) => {
  await signInWithLink(page, admins[5]!, "/admin");
  const nextEvents = page.getByRole("region", { name: "Next events" });
  const upcoming = nextEvents.getByRole("list", { name: "Upcoming events, soonest first" }).getByRole("listitem");
  // The demo's events are upcoming; each says its seats in words and when, in the venue's time, the spec's way.
  await expect(upcoming.first()).toBeVisible();
  for (const seats of await nextEvents.getByTestId("next-event-seats").allTextContents()) {
    expect(seats).toMatch(/^(\d+ of \d+ seats? taken, \d+ left|Full: \d+ of \d+ seats? taken|No seats taken yet: \d+ free|Tickets sold elsewhere|No seats offered)/);
  }
  await expect(upcoming.first().locator("time")).toHaveText(/^[A-Z][a-z]+ \d{1,2}(st|nd|rd|th), \d{4}, \d{1,2}:\d{2} [AP]M$/);
  // Each chart names its colours in a legend that is there before the chart draws.
  const seatsLegend = page.getByRole("list", { name: "Legend: Seats of upcoming events" });
  await expect(seatsLegend.getByRole("listitem")).toHaveText(["Seats taken", "Seats left"]);
  await expect(page.getByRole("list", { name: "Legend: Community sign-ups, last 14 days" }).getByRole("listitem")).toHaveText(["Sign-ups"]);
  // From an event with seats, one click reaches its door.
  const checkIn = nextEvents.getByRole("link", { name: /^Check-in for / }).first();
  const title = (await checkIn.getAttribute("aria-label"))!.replace(/^Check-in for /, "");
  await checkIn.click();
  await expect(page).toHaveURL(/\/admin\/eventreservations\/[^/]+\/check-in$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(title);
});

test("searches, pages and exports a list", onBothDatabases, async ({ page }) => {
  // 51 sign-ups through the public form take a while on a busy machine.
  test.setTimeout(120_000);
  const tag = uniqueTag("wl");
  // In order, so that "newest first" has one right answer.
  for (let index = 1; index <= 51; index += 1) {
    const response = await page.request.post("/waitlist", { form: { email: `${tag}-${index}@example.com` }, headers: { Origin: siteUrl } });
    expect(response.status()).toBe(200);
  }
  await signInWithLink(page, admins[1]!, "/admin");
  await peopleLists(page).getByRole("link", { name: "Waitlist" }).click();
  await expect(page).toHaveURL(/list=waitlist/);
  await expect(peopleLists(page).getByRole("link", { name: "Waitlist" })).toHaveAttribute("aria-current", "page");
  await page.getByLabel("Search by e-mail").fill(tag);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`list=waitlist&q=${tag}`));
  await expect(page.getByText(`51 matches for “${tag}”`)).toBeVisible();
  const table = page.getByRole("table", { name: "Waitlist" });
  await expect(table.getByRole("row")).toHaveCount(51); // the header and 50 rows
  await expect(table.getByRole("row").nth(1)).toContainText(`${tag}-51@example.com`);

  await page.getByRole("navigation", { name: "Waitlist pages" }).getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table).toContainText(`${tag}-1@example.com`);

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export Waitlist as CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^harmonia-waitlist-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path())!, "utf8");
  expect(csv.replace(/^\uFEFF/, "").split("\r\n")[0]).toBe("email,source,plan,created_at");
  for (const index of [1, 26, 51]) expect(csv).toContain(`${tag}-${index}@example.com`);
});

test("deletes a community member through the confirmation dialog, by keyboard", async ({ page }) => {
  const tag = uniqueTag("del");
  const email = `${tag}@example.com`;
  await joinCommunity(page, `Leaving ${tag}`, email);
  await signInWithLink(page, admins[2]!, `/admin?list=community&q=${tag}`);
  const table = page.getByRole("table", { name: "Community sign-ups" });
  await expect(table).toContainText(email);

  const trigger = table.getByRole("button", { name: `Delete ${email}` });
  await trigger.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("alertdialog", { name: "Delete this community member?" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  // Escape cancels and gives the focus back; nothing is deleted.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Delete" })).toBeFocused();
  await page.keyboard.press("Enter");

  await expect(page.getByText(`Deleted ${email} from the community list.`)).toBeVisible();
  await expect(page.getByText("Nobody matches this search.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 3, name: "Community sign-ups" })).toBeFocused();
  await page.goto("/admin/activity?kind=community.deleted");
  await expect(page.getByRole("list", { name: "Activity entries" })).toContainText(email);
});

test("fits a 360 px phone without sideways scrolling, tables as cards, and passes axe", async ({ page }) => {
  const tag = uniqueTag("phone");
  await joinCommunity(page, `Phone ${tag} With A Rather Long Name`, `${tag}-a-rather-long-address-for-a-phone@example.com`);
  await page.setViewportSize({ width: 360, height: 740 });
  await signInWithLink(page, admins[3]!, `/admin?list=community&q=${tag}`);
  await expect(page.getByRole("table", { name: "Community sign-ups" })).toContainText(`${tag}-a-rather-long-address`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoAxeViolations(page);
  await page.goto("/admin?list=invitations");
  // The demo's expired invitation: the pending one may have been accepted by the invitation specs meanwhile.
  await expect(page.getByRole("table", { name: "Invitation status" })).toContainText("Expired");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoAxeViolations(page);
});

test("passes axe on a desktop screen", async ({ page }) => {
  await signInWithLink(page, admins[4]!, "/admin");
  await expect(page.getByTestId("chart").first().locator("svg.recharts-surface")).toBeVisible();
  await expectNoAxeViolations(page);
});

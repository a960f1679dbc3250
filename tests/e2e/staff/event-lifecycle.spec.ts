import AxeBuilder from "@axe-core/playwright";
import { expect as baseExpect, type Locator, type Page } from "@playwright/test";
import { test } from "../support/hydration";
import { staffAccounts } from "../support/accounts";
import { openAsAPerson } from "../support/as-a-person";
import { signInWithLink } from "../support/auth";
import { siteUrl } from "../support/ports";
import { eventIdOf } from "../support/staff-events";
import { pickImage, unique } from "../support/staff-forms";
import { siteConfig } from "#app/lib/site-config";
import { venueTime } from "#app/modules/demo/factories/events";
import { formatEventDate } from "#app/lib/event-dates";
import { instantToVenueDateTime } from "#app/modules/events/event-venue-time";

/**
 * One event's life as the founder lives it, at a desk (1280 px) and on a phone (390 px), acting as
 * soon as each page shows (no wait for hydration): New event → a draft, not on /events → Publish →
 * on /events in date order (before the later evenings, after the earlier ones) → Duplicate, asked
 * for a new date → a draft → Publish → both on the site, the earlier first → Archive → gone. Each
 * row shows one main action (Edit) and a 'More' menu; the page passes axe with the menu open.
 * And event staff can neither see nor do any of it (403 on every intent). Decision 041.
 */

test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 25_000 });
const PAGE = "/admin/eventmanagement";
const timeZone = siteConfig.venue.timeZone;

/** The venue's date `days` from today, as the form's date field takes it, and as the site writes it. */
function venueDay(days: number, hour: number) {
  const instant = venueTime(timeZone, days, hour);
  return { date: instantToVenueDateTime(instant, timeZone).date, label: formatEventDate(instant, timeZone) };
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]).analyze();
  expect(results.violations.map((violation) => ({ id: violation.id, nodes: violation.nodes.map((node) => node.target.join(" ")) }))).toEqual([]);
}

/** The titles of /events' cards, top to bottom, each with its date line. */
async function cardsOnEvents(page: Page): Promise<{ title: string; when: string }[]> {
  await openAsAPerson(page, "/events");
  await expect(page.getByRole("heading", { name: "Upcoming Events" })).toBeVisible();
  return page.locator("article").evaluateAll((cards) =>
    cards.map((card) => ({ title: card.querySelector("h2, h3")?.textContent?.trim() ?? "", when: card.querySelector("time")?.textContent ?? "" })),
  );
}

const rowsOf = (page: Page, title: string) => page.getByRole("row", { name: title, exact: true });

/** Presses a row's action the way the width offers it: beside Edit from 768 px, else in the row's 'More' menu. */
async function pressRowAction(page: Page, row: Locator, label: string, phone: boolean) {
  if (phone) {
    await row.locator("summary").click();
    await row.getByRole("button", { name: label, exact: true }).click();
  } else {
    await row.getByRole("button", { name: label, exact: true }).click();
  }
}

/** Opens the row's 'More' menu and presses one of its actions (a button or a link). */
async function pressMenuAction(row: Locator, label: string) {
  await row.locator("summary").click();
  const item = row.getByRole("listitem").filter({ hasText: label }).first().locator("a, button").first();
  await item.click();
}

for (const width of [1280, 390] as const) {
  const phone = width < 768;

  test(`the founder at ${width} px: create a draft, publish it in date order, duplicate it for a new date, archive`, async ({ page }) => {
    await page.setViewportSize({ width, height: phone ? 844 : 900 });
    await signInWithLink(page, staffAccounts.lifecycle[phone ? 1 : 0]!, PAGE);
    const title = unique(phone ? "Phone Lifecycle" : "Desk Lifecycle");
    // Between the demo's 'Full Moon Piano and Breathwork' (in 20 days) and 'Candlelight Yoga with Live Piano' (in 27).
    const first = venueDay(25, phone ? 11 : 10);
    const copyDay = venueDay(22, phone ? 11 : 10);

    // New event: a draft, on the staff list, not on the site.
    await openAsAPerson(page, PAGE);
    await page.getByRole("link", { name: "New event" }).click();
    await expect(page.getByRole("heading", { name: "New event" })).toBeVisible();
    await page.getByLabel("Title *").fill(title);
    await page.getByLabel("Date *").fill(first.date);
    await page.getByLabel("Time *").fill(phone ? "11:00" : "10:00");
    await pickImage(page, "Garden");
    await page.getByLabel("Description *").fill("A morning of live piano.");
    await page.getByLabel("Max seats").fill("20");
    await page.getByRole("button", { name: "Create event" }).click();
    const row = rowsOf(page, title);
    await expect(row).toContainText("Draft");
    await expect(row).toContainText(first.label);
    expect((await cardsOnEvents(page)).map((card) => card.title)).not.toContain(title);

    // One main action on each row at 390 px (Edit, and the menu); the lifecycle's next step beside it on a desk.
    await openAsAPerson(page, PAGE);
    await expect(row.getByRole("link", { name: "Edit" })).toBeVisible();
    await expect(row.locator("summary")).toBeVisible();
    await expect(row.getByRole("button", { name: "Publish", exact: true })).toHaveCount(phone ? 0 : 1);
    if (phone) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

    // Publish: on /events at once, by its date among the others.
    await pressRowAction(page, row, "Publish", phone);
    await expect(row).toContainText("Published");
    let titles = (await cardsOnEvents(page)).map((card) => card.title);
    expect(titles).toContain(title);
    expect(titles.indexOf(title)).toBeGreaterThan(titles.indexOf("Full Moon Piano and Breathwork"));
    expect(titles.indexOf(title)).toBeLessThan(titles.indexOf("Candlelight Yoga with Live Piano"));

    // Duplicate asks for the new date (a week later is suggested), and makes a draft.
    await openAsAPerson(page, PAGE);
    await pressMenuAction(row, "Duplicate…");
    await expect(page.getByRole("heading", { name: "Duplicate event" })).toBeVisible();
    await expect(page.getByLabel("Title *")).toHaveValue(title);
    await expect(page.getByLabel("New date *")).toHaveValue(venueDay(32, 10).date);
    await page.getByLabel("New date *").fill(copyDay.date);
    await page.getByRole("button", { name: "Make the draft copy" }).click();
    await expect(page.getByRole("heading", { name: "Duplicate event" })).toBeHidden();
    await expect(rowsOf(page, title)).toHaveCount(2);
    const copy = rowsOf(page, title).filter({ hasText: copyDay.label });
    await expect(copy).toContainText("Draft");
    // In date order on the staff page too: the earlier copy above the original.
    await expect(rowsOf(page, title).first()).toContainText(copyDay.label);
    expect((await cardsOnEvents(page)).filter((card) => card.title === title)).toHaveLength(1);

    // Publish the copy: both on the site, the earlier-dated one first.
    await openAsAPerson(page, PAGE);
    await pressRowAction(page, copy, "Publish", phone);
    await expect(copy).toContainText("Published");
    let cards = (await cardsOnEvents(page)).filter((card) => card.title === title);
    expect(cards.map((card) => card.when.split(" · ")[0])).toEqual([copyDay.label, first.label]);

    // Archive the original: off the site and off the default list; the copy stays.
    await openAsAPerson(page, PAGE);
    const original = rowsOf(page, title).filter({ hasText: first.label });
    await pressMenuAction(original, "Archive");
    await expect(rowsOf(page, title)).toHaveCount(1);
    cards = (await cardsOnEvents(page)).filter((card) => card.title === title);
    expect(cards.map((card) => card.when.split(" · ")[0])).toEqual([copyDay.label]);

    // The archived one waits under 'Archived', with Restore as its next step.
    await openAsAPerson(page, `${PAGE}?show=archived`);
    await expect(rowsOf(page, title)).toContainText("Archived");
    await expect(rowsOf(page, title)).toContainText(first.label);

    // Leave the public calendar as the other spec files expect it: the copy archived too.
    await openAsAPerson(page, PAGE);
    await pressMenuAction(rowsOf(page, title), "Archive");
    await expect(rowsOf(page, title)).toHaveCount(0);
    titles = (await cardsOnEvents(page)).map((card) => card.title);
    expect(titles).not.toContain(title);
  });

  test(`the events page at ${width} px passes axe with a row's menu open, and the menu works by keyboard`, async ({ page }) => {
    await page.setViewportSize({ width, height: phone ? 844 : 900 });
    await signInWithLink(page, staffAccounts.lifecycle[phone ? 3 : 2]!, PAGE);
    const title = unique(phone ? "Phone Menu" : "Desk Menu");
    const created = await page.request.post(PAGE, {
      headers: { Origin: siteUrl },
      form: { intent: "create", title, image: "/media/images/event-garden.svg", date: venueDay(40, 19).date, time: "19:00", description: "Menu.", location: "Hall" },
    });
    expect(created.status()).toBe(200);
    await page.goto(PAGE);
    const row = rowsOf(page, title);
    const summary = row.locator("summary");
    await summary.focus();
    await page.keyboard.press("Enter");
    await expect(row.getByRole("button", { name: "Archive" })).toBeVisible();
    await expect(row.getByRole("link", { name: "Duplicate…" })).toBeVisible();
    await expect(row.getByRole("button", { name: "Delete for good…" })).toBeVisible();
    if (phone) {
      await expect(row.getByRole("button", { name: "Publish", exact: true })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    await expect(row.getByRole("button", { name: "Archive" })).toBeHidden();
    await expect(summary).toBeFocused();

    // Delete for good names what goes with it, and asks first.
    await summary.click();
    await row.getByRole("button", { name: "Delete for good…" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete this event for good?" });
    await expect(dialog).toContainText("and its 0 reservations will be deleted. This cannot be undone.");
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Delete for good" }).click();
    await expect(row).toHaveCount(0);
  });
}

test("event staff can neither see nor do any of it: the events page and every lifecycle intent answer 403", async ({ page, browser }) => {
  // A draft made by an admin, for the intents to name.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signInWithLink(adminPage, staffAccounts.lifecycle[2]!, PAGE);
  const title = unique("Not Yours");
  const created = await adminPage.request.post(PAGE, {
    headers: { Origin: siteUrl },
    form: { intent: "create", title, image: "/media/images/event-garden.svg", date: venueDay(41, 19).date, time: "19:00", description: "Staff only.", location: "Hall", maxSeats: "10" },
  });
  expect(created.status()).toBe(200);
  const id = await eventIdOf(adminPage.request, title);

  await signInWithLink(page, staffAccounts.lifecycleStaff[0]!, "/admin/eventreservations");
  await expect(page.getByRole("link", { name: "New event" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Create event" })).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Staff", exact: true }).getByRole("link", { name: "Events" })).toHaveCount(0);
  const refused = await page.goto(PAGE);
  expect(refused?.status()).toBe(403);

  for (const intent of ["create", "publish", "unpublish", "archive", "restore", "delete-for-good", "toggle-featured", "duplicate"]) {
    const answer = await page.request.post(PAGE, {
      headers: { Origin: siteUrl },
      form: { intent, id, title: "Taken over", date: venueDay(42, 19).date, time: "19:00", image: "/media/images/event-garden.svg", description: "x" },
    });
    expect(answer.status(), intent).toBe(403);
  }
  // Still the admin's draft, untouched.
  await adminPage.goto(`${PAGE}?show=all`);
  await expect(rowsOf(adminPage, title)).toContainText("Draft");
  await expect(rowsOf(adminPage, "Taken over")).toHaveCount(0);
  await adminContext.close();
});

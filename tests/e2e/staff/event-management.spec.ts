import AxeBuilder from "@axe-core/playwright";
import { expect as baseExpect, type Page } from "@playwright/test";
import { test } from "../support/hydration";
import { staffAccounts } from "../support/accounts";
import { signInWithLink } from "../support/auth";
import { siteUrl } from "../support/ports";
import { onBothDatabases } from "../support/tags";
import { fieldError } from "../support/form-errors";

/**
 * Event management in the browser: each action with its toast and its effect on the public pages,
 * the date order with the featured pin, the stats grid, the form (picker, quick-select, errors), a
 * phone's layout, the keyboard and axe. Each test signs in with its own admin and works on events
 * it creates, with titles of its own. The lifecycle walked end to end is event-lifecycle.spec.ts.
 */

const PAGE = "/admin/eventmanagement";
// Each test walks through several actions, each a post and a reload of the list: on a busy
// machine they need more than the default budgets.
test.describe.configure({ timeout: 150_000 });
const expect = baseExpect.configure({ timeout: 25_000 });
let sequence = 0;

function uniqueTitle(label: string): string {
  sequence += 1;
  return `${label} ${Date.now().toString(36)}${process.pid}${sequence}`;
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]).analyze();
  expect(results.violations.map((violation) => ({ id: violation.id, nodes: violation.nodes.map((node) => node.target.join(" ")) }))).toEqual([]);
}

/** A draft event made by posting the page's form (the no-JavaScript path), for tests about other actions. */
async function seedEvent(page: Page, title: string, extra: Record<string, string> = {}) {
  sequence += 1;
  const minute = String(sequence % 60).padStart(2, "0");
  const response = await page.request.post(PAGE, {
    headers: { Origin: siteUrl },
    form: {
      intent: "create",
      title,
      image: "/media/images/event-garden.svg",
      date: "2032-04-18",
      time: `19:${minute}`,
      description: "An evening of live piano.",
      location: "Browser Test Garden",
      maxSeats: "12",
      ...extra,
    },
  });
  expect(response.status()).toBe(200);
}

const row = (page: Page, title: string) => page.getByRole("row", { name: title, exact: true });
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first();
const publicSlug = async (page: Page, title: string) => {
  const html = await (await page.request.get("/sitemap.xml")).text();
  const words = title.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  return new RegExp(`/events/(${words}-\\d+)<`).exec(html)?.[1];
};
/** The rows' titles, top to bottom. */
const listedTitles = (page: Page) => page.locator("tbody tr").evaluateAll((rows) => rows.map((element) => element.getAttribute("aria-label") ?? ""));
/** Opens a row's 'More' menu. */
const openMenu = (page: Page, title: string) => row(page, title).locator("summary").click();

test("creates an event through the form: errors under the fields, the image picker, the location quick-select; it starts as a hidden draft", async ({ page }) => {
  await signInWithLink(page, staffAccounts.events[0]!, PAGE);
  await page.getByRole("link", { name: "New event" }).click();
  await expect(page.getByRole("heading", { name: "New event" })).toBeFocused();

  await page.getByRole("button", { name: "Create event" }).click();
  await expect(fieldError(page, "Title is required")).toBeVisible();
  await expect(fieldError(page, "Description is required")).toBeVisible();
  await expect(page.getByLabel("Title *")).toBeFocused();

  const title = uniqueTitle("Form Evening");
  await page.getByLabel("Title *").fill(title);
  await page.getByLabel("Date *").fill("2032-05-20");
  await page.getByLabel("Time *").fill("18:30");
  await page.getByLabel("Image path or https address").fill("/media/images/missing-picture.jpg");
  await expect(page.getByText("Image not found: /media/images/missing-picture.jpg")).toBeVisible();
  await expect(page.getByText("Use 800x600 or larger; JPG, PNG or WebP")).toBeVisible();
  await page.getByRole("radio", { name: "Garden" }).check({ force: true });
  await expect(page.getByLabel("Image path or https address")).toHaveValue("/media/images/event-garden.svg");
  await expect(page.getByRole("img", { name: "Preview of the chosen image" })).toBeVisible();
  await page.getByLabel("Description *").fill("Live piano under the trees.");
  const quickSelect = page.getByRole("group", { name: "Most used locations" }).getByRole("button");
  expect(await quickSelect.count()).toBeGreaterThan(0);
  expect(await quickSelect.count()).toBeLessThanOrEqual(6);
  const place = await quickSelect.first().innerText();
  await quickSelect.first().click();
  await expect(page.getByLabel("Location", { exact: true })).toHaveValue(place);
  await page.getByLabel("Tickets link").fill("http://tickets.example/evening");
  await page.getByRole("button", { name: "Create event" }).click();
  await expect(fieldError(page, "Tickets link must be a full address starting with https://")).toBeVisible();
  await page.getByLabel("Tickets link").fill("https://tickets.example/evening");
  await page.getByRole("button", { name: "Create event" }).click();

  await expect(toast(page, "Event created successfully!")).toBeVisible();
  await expect(page.getByRole("heading", { name: "New event" })).toBeHidden();
  await expect(row(page, title)).toContainText("Draft");
  await expect(row(page, title)).toContainText("May 20th, 2032");
  await expect(row(page, title)).toContainText("6:30 PM");
  await expect(row(page, title)).toContainText(place);
  expect(await (await page.request.get("/events")).text()).not.toContain(title);
});

test("publishing shows the event on /events and its page at once; unpublishing makes it a draft again", async ({ page }) => {
  await signInWithLink(page, staffAccounts.events[1]!, PAGE);
  const title = uniqueTitle("Publish Evening");
  await seedEvent(page, title);
  await page.reload();
  await row(page, title).getByRole("button", { name: "Publish" }).click();
  await expect(toast(page, "Event published: it is on the site now!")).toBeVisible();
  await expect(row(page, title)).toContainText("Published");

  await page.goto("/events");
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  const slug = await publicSlug(page, title);
  expect(slug).toBeTruthy();
  await page.goto(`/events/${slug}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

  await page.goto(PAGE);
  await row(page, title).getByRole("button", { name: "Unpublish" }).click();
  await expect(toast(page, "Event unpublished: it is a draft again!")).toBeVisible();
  await expect(row(page, title)).toContainText("Draft");
  expect((await page.request.get(`/events/${slug}`)).status()).toBe(404);
});

test("the featured star is a toggle button in the row's menu", async ({ page }) => {
  await signInWithLink(page, staffAccounts.events[2]!, PAGE);
  const title = uniqueTitle("Star Evening");
  await seedEvent(page, title);
  await page.reload();
  await openMenu(page, title);
  const star = row(page, title).getByRole("button", { name: "Featured" });
  await expect(star).toHaveAttribute("aria-pressed", "false");
  await star.click();
  await expect(toast(page, "Event featured status updated!")).toBeVisible();
  await expect(row(page, title)).toContainText("★ Featured");
  await openMenu(page, title);
  await expect(row(page, title).getByRole("button", { name: "Featured" })).toHaveAttribute("aria-pressed", "true");
  // The toast itself is accessible, its close button a large enough target (WCAG 2.2, 2.5.8).
  const toastCheck = await new AxeBuilder({ page }).include("[data-sonner-toaster]").withTags(["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa", "best-practice"]).analyze();
  expect(toastCheck.violations.map((violation) => violation.id)).toEqual([]);
});

test("the list is in date order: a new event takes its date's place, and a featured one is pinned first", async ({ page }) => {
  await signInWithLink(page, staffAccounts.events[3]!, PAGE);
  const later = uniqueTitle("Order Later");
  const earlier = uniqueTitle("Order Earlier");
  await seedEvent(page, later, { date: "2032-04-25" });
  await seedEvent(page, earlier, { date: "2032-04-11" });
  await page.reload();
  let titles = await listedTitles(page);
  expect(titles.indexOf(earlier)).toBeLessThan(titles.indexOf(later));
  // No order to keep by hand: no 'Move up', no 'Position'.
  await expect(page.getByRole("button", { name: "Move up" })).toHaveCount(0);
  await expect(page.getByRole("columnheader", { name: "Position" })).toHaveCount(0);

  await openMenu(page, later);
  await row(page, later).getByRole("button", { name: "Featured" }).click();
  await expect(toast(page, "Event featured status updated!")).toBeVisible();
  await expect(row(page, later)).toContainText("★ Featured");
  titles = await listedTitles(page);
  expect(titles.indexOf(later)).toBeLessThan(titles.indexOf(earlier));
  await openMenu(page, later);
  await row(page, later).getByRole("button", { name: "Featured" }).click();
  await expect(row(page, later)).not.toContainText("★ Featured");
});

test("duplicate asks for the new date and makes a draft, placed by that date", async ({ page }) => {
  await signInWithLink(page, staffAccounts.events[4]!, PAGE);
  const title = uniqueTitle("Twin Evening");
  await seedEvent(page, title, { date: "2032-04-18" });
  await page.reload();
  await openMenu(page, title);
  await row(page, title).getByRole("link", { name: "Duplicate…" }).click();
  await expect(page.getByRole("heading", { name: "Duplicate event" })).toBeFocused();
  await expect(page.getByLabel("New date *")).toHaveValue("2032-04-25");
  await page.getByLabel("New date *").fill("");
  await page.getByRole("button", { name: "Make the draft copy" }).click();
  await expect(fieldError(page, "Date is required")).toBeVisible();
  await expect(page.getByLabel("New date *")).toBeFocused();
  await page.getByLabel("Title *").fill(`${title} encore`);
  await page.getByLabel("New date *").fill("2032-04-04");
  await page.getByRole("button", { name: "Make the draft copy" }).click();
  await expect(toast(page, "Event duplicated as a draft for April 4th, 2032")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Duplicate event" })).toBeHidden();
  const copy = row(page, `${title} encore`);
  await expect(copy).toContainText("Draft");
  await expect(copy).toContainText("April 4th, 2032");
  const titles = await listedTitles(page);
  expect(titles.indexOf(`${title} encore`)).toBeLessThan(titles.indexOf(title));
});

test("archive takes a published event off the site, restore makes it a draft, delete for good asks first (keyboard)", async ({ page }) => {
  await signInWithLink(page, staffAccounts.events[5]!, PAGE);
  const title = uniqueTitle("Farewell Evening");
  await seedEvent(page, title);
  await page.reload();
  await row(page, title).getByRole("button", { name: "Publish" }).click();
  await expect(toast(page, "Event published: it is on the site now!")).toBeVisible();
  const slug = await publicSlug(page, title);
  expect((await page.request.get(`/events/${slug}`)).status()).toBe(200);
  // A published event offers no delete: archive or unpublish it first.
  await openMenu(page, title);
  await expect(row(page, title).getByRole("button", { name: "Delete for good…" })).toHaveCount(0);

  await row(page, title).getByRole("button", { name: "Archive" }).click();
  await expect(toast(page, "Event archived: it is off the site, its reservations kept!")).toBeVisible();
  await expect(row(page, title)).toHaveCount(0);
  expect((await page.request.get(`/events/${slug}`)).status()).toBe(404);
  expect(await (await page.request.get("/events")).text()).not.toContain(title);

  await page.getByLabel("Show").selectOption("archived");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/show=archived/);
  await expect(row(page, title)).toContainText("Archived");
  await row(page, title).getByRole("button", { name: "Restore" }).click();
  await expect(toast(page, "Event restored as a draft!")).toBeVisible();
  await expect(row(page, title)).toHaveCount(0);
  expect((await page.request.get(`/events/${slug}`)).status()).toBe(404);

  await page.goto(PAGE);
  await expect(row(page, title)).toContainText("Draft");
  await row(page, title).locator("summary").focus();
  await page.keyboard.press("Enter");
  const trigger = row(page, title).getByRole("button", { name: "Delete for good…" });
  await trigger.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("alertdialog", { name: "Delete this event for good?" });
  await expect(dialog).toContainText("and its 0 reservations will be deleted. This cannot be undone.");
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();

  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Delete for good" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(toast(page, "Event deleted for good!")).toBeVisible();
  await expect(row(page, title)).toHaveCount(0);
});

test("edits an event and the event page shows the change", async ({ page }) => {
  await signInWithLink(page, staffAccounts.events[6]!, PAGE);
  const title = uniqueTitle("Edit Evening");
  await seedEvent(page, title);
  await page.reload();
  await row(page, title).getByRole("button", { name: "Publish" }).click();
  await expect(toast(page, "Event published: it is on the site now!")).toBeVisible();
  await row(page, title).getByRole("link", { name: "Edit" }).click();
  await expect(page.getByRole("heading", { name: "Edit event" })).toBeFocused();
  await expect(page.getByLabel("Title *")).toHaveValue(title);
  await expect(page.getByLabel("Time *")).toHaveValue(/^19:\d\d$/);
  await page.getByLabel("Max seats").fill("0");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(fieldError(page, "Max seats must be a whole number of at least 1, or empty for no on-site reservations")).toBeVisible();
  await page.getByLabel("Max seats").fill("30");
  await page.getByLabel("Description *").fill("Now with a cello.");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(toast(page, "Event updated successfully!")).toBeVisible();
  await expect(row(page, title)).toContainText("0 / 30");
  const slug = await publicSlug(page, title);
  await page.goto(`/events/${slug}`);
  await expect(page.getByText("Now with a cello.")).toBeVisible();
  // Leave the public calendar as the other spec files expect it.
  await page.goto(PAGE);
  await row(page, title).getByRole("button", { name: "Unpublish" }).click();
  await expect(toast(page, "Event unpublished: it is a draft again!")).toBeVisible();
});

test("the stats grid counts every event: total, each state, featured, upcoming, past", onBothDatabases, async ({ page }) => {
  await signInWithLink(page, staffAccounts.events[7]!, `${PAGE}?show=all`);
  const stat = async (key: string) => Number(await page.locator(`[data-stat="${key}"]`).innerText());
  await expect(page.getByRole("definition")).toHaveCount(7);
  const rows = await page.getByRole("row").count();
  const total = await stat("total");
  // Other tests add events meanwhile: compare numbers read from one page load.
  expect(total).toBe(rows - 1);
  expect((await stat("published")) + (await stat("draft")) + (await stat("archived"))).toBe(total);
  expect((await stat("upcoming")) + (await stat("past"))).toBe(total);
  expect(await stat("past")).toBeGreaterThan(0);
  expect(await stat("archived")).toBeGreaterThan(0);
  // Counted by each row's title and status cells (a closed menu's text, e.g. 'ArchiveDelete…', is not a state).
  expect(await stat("featured")).toBe(await page.locator('td[data-label="Title"]').filter({ hasText: "★ Featured" }).count());
  expect(await stat("archived")).toBe(await page.getByRole("cell", { name: "Archived", exact: true }).count());

  await page.getByLabel("Show").selectOption("archived");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/show=archived/);
  await expect(page.locator('td[data-label="Status"]').filter({ hasNotText: /^Archived$/ })).toHaveCount(0);
});

test("on a phone the table becomes cards without sideways scrolling, and the page and form are accessible", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInWithLink(page, staffAccounts.events[8]!, PAGE);
  const title = uniqueTitle("Phone Evening");
  await seedEvent(page, title);
  await page.reload();
  await expect(row(page, title)).toBeVisible();
  expect(await row(page, title).evaluate((element) => getComputedStyle(element).display)).toBe("block");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoAxeViolations(page);

  await page.getByRole("link", { name: "New event" }).click();
  await expect(page.getByRole("heading", { name: "New event" })).toBeFocused();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoAxeViolations(page);
});

test("the page is accessible on a desktop, with the delete for good dialog open", async ({ page }) => {
  await signInWithLink(page, staffAccounts.events[9]!, PAGE);
  const title = uniqueTitle("Axe Evening");
  await seedEvent(page, title);
  await page.reload();
  await expectNoAxeViolations(page);
  await openMenu(page, title);
  await row(page, title).getByRole("button", { name: "Delete for good…" }).click();
  await expect(page.getByRole("alertdialog")).toBeVisible();
  await expectNoAxeViolations(page);
});

import AxeBuilder from "@axe-core/playwright";
import { expect as baseExpect, type Page } from "@playwright/test";
import { test } from "../support/hydration";
import { staffAccounts } from "../support/accounts";
import { signInWithLink } from "../support/auth";
import { siteUrl } from "../support/ports";

/**
 * Event management in the browser: each action with its toast and its effect on the public pages,
 * the stats grid, the form (picker, quick-select, errors), a phone's layout, the keyboard and axe.
 * Each test signs in with its own admin and works on events it creates, with titles of its own.
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
const position = async (page: Page, title: string) => Number(await row(page, title).locator('td[data-label="Position"]').innerText());
/** The title of the row just above `title`'s in the list. */
const titleAbove = async (page: Page, title: string) => {
  const titles = await page.locator("tbody tr").evaluateAll((rows) => rows.map((element) => element.getAttribute("aria-label") ?? ""));
  const index = titles.indexOf(title);
  expect(index).toBeGreaterThan(0);
  return titles[index - 1]!;
};

test("creates an event through the form: errors under the fields, the image picker, the location quick-select; it starts as a hidden draft", async ({ page }) => {
  await signInWithLink(page, staffAccounts.events[0]!, PAGE);
  await page.getByRole("link", { name: "New event" }).click();
  await expect(page.getByRole("heading", { name: "New event" })).toBeFocused();

  await page.getByRole("button", { name: "Create event" }).click();
  await expect(page.getByText("Title is required")).toBeVisible();
  await expect(page.getByText("Description is required")).toBeVisible();
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
  await expect(page.getByText("Tickets link must be a full address starting with https://")).toBeVisible();
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

test("publishing shows the event on /events and its page at once; unpublishing hides it", async ({ page }) => {
  await signInWithLink(page, staffAccounts.events[1]!, PAGE);
  const title = uniqueTitle("Publish Evening");
  await seedEvent(page, title);
  await page.reload();
  await row(page, title).getByRole("button", { name: "Publish" }).click();
  await expect(toast(page, "Event status updated!")).toBeVisible();
  await expect(row(page, title)).toContainText("Published");

  await page.goto("/events");
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  const slug = await publicSlug(page, title);
  expect(slug).toBeTruthy();
  await page.goto(`/events/${slug}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

  await page.goto(PAGE);
  await row(page, title).getByRole("button", { name: "Unpublish" }).click();
  await expect(toast(page, "Event status updated!")).toBeVisible();
  await expect(row(page, title)).toContainText("Draft");
  expect((await page.request.get(`/events/${slug}`)).status()).toBe(404);
});

test("the featured star is a toggle button", async ({ page }) => {
  await signInWithLink(page, staffAccounts.events[2]!, PAGE);
  const title = uniqueTitle("Star Evening");
  await seedEvent(page, title);
  await page.reload();
  const star = row(page, title).getByRole("button", { name: "Featured" });
  await expect(star).toHaveAttribute("aria-pressed", "false");
  await star.click();
  await expect(toast(page, "Event featured status updated!")).toBeVisible();
  await expect(star).toHaveAttribute("aria-pressed", "true");
  // The toast itself is accessible, its close button a large enough target (WCAG 2.2, 2.5.8).
  const toastCheck = await new AxeBuilder({ page }).include("[data-sonner-toaster]").withTags(["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa", "best-practice"]).analyze();
  expect(toastCheck.violations.map((violation) => violation.id)).toEqual([]);
});

test("moves events up and down, by keyboard; the first cannot move up, the last cannot move down", async ({ page }) => {
  await signInWithLink(page, staffAccounts.events[3]!, PAGE);
  const first = uniqueTitle("Order First");
  const second = uniqueTitle("Order Second");
  await seedEvent(page, first);
  await seedEvent(page, second);
  await page.reload();
  // The other tests of this file add and duplicate events meanwhile, which shifts every position
  // below theirs: what a move must change is where the row stands against the one above it.
  const above = await titleAbove(page, second);

  await row(page, second).getByRole("button", { name: "Move up" }).focus();
  await page.keyboard.press("Enter");
  await expect(toast(page, "Event moved up!")).toBeVisible();
  await expect.poll(async () => (await position(page, above)) - (await position(page, second))).toBe(1);

  await row(page, second).getByRole("button", { name: "Move down" }).click();
  await expect(toast(page, "Event moved down!")).toBeVisible();
  await expect.poll(async () => (await position(page, second)) - (await position(page, above))).toBe(1);

  await expect(page.getByRole("row").nth(1).getByRole("button", { name: "Move up" })).toBeDisabled();
  await expect(page.getByRole("row").last().getByRole("button", { name: "Move down" })).toBeDisabled();
});

test("duplicates an event directly below itself as an inactive draft", async ({ page }) => {
  await signInWithLink(page, staffAccounts.events[4]!, PAGE);
  const title = uniqueTitle("Twin Evening");
  await seedEvent(page, title);
  await page.reload();
  const original = await position(page, title);
  await row(page, title).getByRole("button", { name: "Duplicate" }).click();
  await expect(toast(page, "Event duplicated below as inactive draft!")).toBeVisible();
  const copy = row(page, `${title} (copy)`);
  await expect(copy).toContainText("Draft");
  await expect(copy).toContainText("Inactive");
  expect(await position(page, `${title} (copy)`)).toBe(original + 1);
});

test("delete hides a published event from the public, restore brings it back, permanent delete asks first (keyboard)", async ({ page }) => {
  await signInWithLink(page, staffAccounts.events[5]!, PAGE);
  const title = uniqueTitle("Farewell Evening");
  await seedEvent(page, title);
  await page.reload();
  await row(page, title).getByRole("button", { name: "Publish" }).click();
  await expect(toast(page, "Event status updated!")).toBeVisible();
  const slug = await publicSlug(page, title);
  expect((await page.request.get(`/events/${slug}`)).status()).toBe(200);

  await row(page, title).getByRole("button", { name: "Delete", exact: true }).click();
  await expect(toast(page, "Event deleted successfully!")).toBeVisible();
  await expect(row(page, title)).toContainText("Inactive");
  expect((await page.request.get(`/events/${slug}`)).status()).toBe(404);
  expect(await (await page.request.get("/events")).text()).not.toContain(title);

  await row(page, title).getByRole("button", { name: "Restore" }).click();
  await expect(toast(page, "Event restored successfully!")).toBeVisible();
  expect((await page.request.get(`/events/${slug}`)).status()).toBe(200);

  await row(page, title).getByRole("button", { name: "Delete", exact: true }).click();
  await expect(toast(page, "Event deleted successfully!")).toBeVisible();
  const trigger = row(page, title).getByRole("button", { name: "Delete permanently" });
  await trigger.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("alertdialog", { name: "Delete this event permanently?" });
  await expect(dialog).toContainText("and its 0 reservations will be deleted. This cannot be undone.");
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();

  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Delete permanently" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(toast(page, "Event permanently deleted!")).toBeVisible();
  await expect(row(page, title)).toHaveCount(0);
});

test("edits an event and the event page shows the change", async ({ page }) => {
  await signInWithLink(page, staffAccounts.events[6]!, PAGE);
  const title = uniqueTitle("Edit Evening");
  await seedEvent(page, title);
  await page.reload();
  await row(page, title).getByRole("button", { name: "Publish" }).click();
  await expect(toast(page, "Event status updated!")).toBeVisible();
  await row(page, title).getByRole("link", { name: "Edit" }).click();
  await expect(page.getByRole("heading", { name: "Edit event" })).toBeFocused();
  await expect(page.getByLabel("Title *")).toHaveValue(title);
  await expect(page.getByLabel("Time *")).toHaveValue(/^19:\d\d$/);
  await page.getByLabel("Max seats").fill("0");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Max seats must be a whole number of at least 1, or empty for no on-site reservations")).toBeVisible();
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
  await expect(toast(page, "Event status updated!")).toBeVisible();
});

test("the stats grid counts every event: total, active, inactive, featured, upcoming, past", async ({ page }) => {
  await signInWithLink(page, staffAccounts.events[7]!, PAGE);
  const stat = async (key: string) => Number(await page.locator(`[data-stat="${key}"]`).innerText());
  await expect(page.getByRole("definition")).toHaveCount(6);
  const rows = await page.getByRole("row").count();
  const total = await stat("total");
  // Other tests add events meanwhile: compare numbers read from one page load.
  expect(total).toBe(rows - 1);
  expect((await stat("active")) + (await stat("inactive"))).toBe(total);
  expect((await stat("upcoming")) + (await stat("past"))).toBe(total);
  expect(await stat("past")).toBeGreaterThan(0);
  expect(await stat("featured")).toBe(await page.locator('button[aria-pressed="true"]', { hasText: "Featured" }).count());
  expect(await stat("inactive")).toBe(await page.getByRole("row").filter({ hasText: "Inactive" }).count());

  await page.getByLabel("Active", { exact: true }).selectOption("inactive");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/active=inactive/);
  const inactiveRows = page.getByRole("row").filter({ hasText: "Active" });
  await expect(inactiveRows.filter({ hasNotText: "Inactive" })).toHaveCount(0);
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

test("the page is accessible on a desktop, with the permanent delete dialog open", async ({ page }) => {
  await signInWithLink(page, staffAccounts.events[9]!, PAGE);
  const title = uniqueTitle("Axe Evening");
  await seedEvent(page, title);
  await page.reload();
  await expectNoAxeViolations(page);
  await row(page, title).getByRole("button", { name: "Delete", exact: true }).click();
  await expect(toast(page, "Event deleted successfully!")).toBeVisible();
  await row(page, title).getByRole("button", { name: "Delete permanently" }).click();
  await expect(page.getByRole("alertdialog")).toBeVisible();
  await expectNoAxeViolations(page);
});

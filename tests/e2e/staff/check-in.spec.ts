import AxeBuilder from "@axe-core/playwright";
import { expect as baseExpect, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { test } from "../support/hydration";
import { staffAccounts } from "../support/accounts";
import { openBeforeHydration } from "../support/as-a-person";
import { signInWithLink } from "../support/auth";
import { siteUrl } from "../support/ports";
import { onBothDatabases } from "../support/tags";

/**
 * Check-in at the door in the browser: two staff on two devices at once, the search as one types,
 * undo, the printed guest list, a phone's width, the keyboard and axe. Each test makes its own
 * event (as an admin, through the events page's posts) with guests who reserve through the
 * public form, and checks them in as event staff.
 */

test.describe.configure({ timeout: 150_000 });
// The other device's taps arrive with the page's periodic refresh.
const expect = baseExpect.configure({ timeout: 25_000 });
let sequence = 0;

interface DoorEvent {
  id: string;
  title: string;
  page: string;
}

/** A published event with reservations, made over HTTP by an admin: the public form takes the guests. */
async function eventWithGuests(browser: Browser, admin: string, guests: Array<[name: string, seats: number, phone?: string]>): Promise<DoorEvent> {
  sequence += 1;
  const title = `Door Evening ${Date.now().toString(36)}${process.pid}${sequence}`;
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInWithLink(page, admin, "/admin/eventmanagement");
  const post = (form: Record<string, string>) => page.request.post("/admin/eventmanagement", { headers: { Origin: siteUrl }, form });
  const minute = String(sequence % 60).padStart(2, "0");
  expect((await post({ intent: "create", title, image: "/media/images/event-garden.svg", date: "2032-06-18", time: `19:${minute}`, description: "Live piano.", location: "Door Hall", maxSeats: "40" })).status()).toBe(200);
  const id = await eventId(page.request, title);
  expect((await post({ intent: "publish", id })).status()).toBe(200);
  const sitemap = await (await page.request.get("/sitemap.xml")).text();
  const slug = new RegExp(`/events/(${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-\\d+)<`).exec(sitemap)?.[1];
  expect(slug, "the published event's address").toBeTruthy();
  for (const [name, seats, phone] of guests) {
    const email = `${name.toLowerCase().replace(/[^a-z]+/g, ".")}.${Date.now().toString(36)}${sequence}@example.com`;
    const reserved = await page.request.post(`/events/${slug}/reserve`, { headers: { Origin: siteUrl }, form: { name, email, phone: phone ?? "", seats: String(seats) } });
    expect(reserved.status()).toBe(200);
  }
  await context.close();
  return { id, title, page: `/admin/eventreservations/${id}/check-in` };
}

async function eventId(request: APIRequestContext, title: string): Promise<string> {
  const html = await (await request.get("/admin/eventmanagement")).text();
  const row = html.slice(html.indexOf(`aria-label="${title}"`));
  const id = /name="id" value="([0-9a-f-]{36})"/.exec(row)?.[1];
  expect(id, `the row of ${title}`).toBeTruthy();
  return id!;
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]).analyze();
  expect(results.violations.map((violation) => ({ id: violation.id, nodes: violation.nodes.map((node) => node.target.join(" ")) }))).toEqual([]);
}

const seatsArrived = (page: Page) => page.getByRole("definition").first();
const guestsArrived = (page: Page) => page.getByRole("definition").nth(1);
const guest = (page: Page, name: string) => page.getByRole("listitem", { name });

test("two staff check guests in at once from two devices, and both see the final counts", onBothDatabases, async ({ browser }) => {
  const event = await eventWithGuests(browser, staffAccounts.doorAdmins[0]!, [
    ["Ana Lopez", 3],
    ["Bruno Diaz", 2],
    ["Chen Wei", 1],
  ]);
  const devices = await Promise.all(
    [staffAccounts.doorStaff[0]!, staffAccounts.doorStaff[1]!].map(async (usher) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await signInWithLink(page, usher, event.page);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Check-in: ${event.title}`);
      await expect(seatsArrived(page)).toHaveText("0 / 6");
      return page;
    }),
  );
  const [first, second] = devices as [Page, Page];

  // Both tap Ana at the same moment, the first device twice in quick succession; Bruno and Chen meanwhile.
  const anaOne = (page: Page) => page.getByRole("button", { name: "Mark 1 seat arrived for Ana Lopez" });
  await Promise.all([
    (async () => {
      await anaOne(first).click();
      await anaOne(first).click();
      await first.getByRole("button", { name: "Mark 1 seat arrived for Chen Wei" }).click();
    })(),
    (async () => {
      await anaOne(second).click();
      await second.getByRole("button", { name: "Mark all 2 seats arrived for Bruno Diaz" }).click();
    })(),
  ]);

  for (const page of devices) {
    await expect(seatsArrived(page)).toHaveText("6 / 6");
    await expect(guestsArrived(page)).toHaveText("3 / 3");
    await expect(guest(page, "Ana Lopez")).toContainText("3 of 3 seats arrived");
    // The page's summary, not the notice a tap may leave ('Ana Lopez: 1 of 3 seats arrived.'), also a status.
    await expect(page.getByRole("status").filter({ hasText: /seats arrived, \d+ of \d+ guests/ })).toHaveText("6 of 6 seats arrived, 3 of 3 guests.");
  }
  // One tap too many: the seats are all in, the button says so and nothing changes.
  await expect(anaOne(second)).toHaveAttribute("aria-disabled", "true");
  await anaOne(second).click({ force: true });
  await expect(guest(second, "Ana Lopez")).toContainText("3 of 3 seats arrived");
  // No tap of the first device still on its way (a reload would cancel it), then its counts from the server.
  await expect(first.locator('li[aria-busy="true"]')).toHaveCount(0);
  await first.reload();
  await expect(seatsArrived(first)).toHaveText("6 / 6");
});

test("finds a guest as one types, and undoes an arrival", async ({ browser, page }) => {
  const event = await eventWithGuests(browser, staffAccounts.doorAdmins[1]!, [
    ["Ana Lopez", 3],
    ["José Moreno", 2],
    ["Chen Wei", 1],
  ]);
  await signInWithLink(page, staffAccounts.doorStaff[2]!, event.page);
  const search = page.getByRole("searchbox", { name: "Search guests by name or e-mail" });
  await search.pressSequentially("jose");
  await expect(guest(page, "José Moreno")).toBeVisible();
  await expect(guest(page, "Ana Lopez")).toBeHidden();
  await expect(guest(page, "Chen Wei")).toBeHidden();
  await expect(page).toHaveURL(/\?q=jose$/);
  await search.fill("nobody here");
  await expect(page.getByText("No guest matches “nobody here”.")).toBeVisible();
  await search.fill("");
  await expect(guest(page, "Chen Wei")).toBeVisible();

  await page.getByRole("button", { name: "Mark all 2 seats arrived for José Moreno" }).click();
  await expect(guest(page, "José Moreno")).toContainText("2 of 2 seats arrived");
  await expect(seatsArrived(page)).toHaveText("2 / 6");
  await page.getByRole("button", { name: "Undo 1 arrival for José Moreno" }).click();
  await expect(guest(page, "José Moreno")).toContainText("1 of 2 seats arrived");
  await expect(seatsArrived(page)).toHaveText("1 / 6");
  await page.getByRole("button", { name: "Undo 1 arrival for José Moreno" }).click();
  await expect(guest(page, "José Moreno")).toContainText("0 of 2 seats arrived");
  await expect(guestsArrived(page)).toHaveText("0 / 3");
  // Kept after a reload, once the row's taps have reached the server (the row counts them as they go).
  await expect(guest(page, "José Moreno")).not.toHaveAttribute("aria-busy", "true");
  await expect(guest(page, "José Moreno")).not.toContainText("Saving…");
  await page.reload();
  await expect(guest(page, "José Moreno")).toContainText("0 of 2 seats arrived");
});

test("prints a clean guest list: a box to tick, name, seats, phone and contribution, without the buttons", async ({ browser, page }) => {
  const event = await eventWithGuests(browser, staffAccounts.doorAdmins[2]!, [
    ["Ana Lopez", 3, "+1 619 555 0101"],
    ["Bruno Diaz", 2],
  ]);
  await signInWithLink(page, staffAccounts.doorStaff[3]!, event.page);
  const table = page.getByRole("table", { name: /Guest list/ });
  await expect(table).toBeHidden();
  await expect(page.getByRole("button", { name: "Print guest list" })).toBeVisible();

  await page.emulateMedia({ media: "print" });
  await expect(table).toBeVisible();
  await expect(table.getByRole("columnheader")).toHaveText(["Arrived", "Name", "Seats", "Phone", "Contribution", "Ticket"]);
  await expect(table.getByRole("row", { name: /Ana Lopez/ })).toContainText("+1 619 555 0101");
  // Each guest's ticket: the code in groups of four and a small QR code named by it.
  const anaCode = (await table.getByRole("row", { name: /Ana Lopez/ }).getByRole("cell").last().innerText()).trim();
  expect(anaCode).toMatch(/^[0-9A-Z]{4} [0-9A-Z]{4} [0-9A-Z]{4} [0-9A-Z]{4}$/);
  await expect(table.getByRole("row", { name: /Ana Lopez/ }).getByRole("img", { name: `Ticket code ${anaCode}` })).toBeVisible();
  await expect(table.getByRole("row", { name: /Bruno Diaz/ }).getByRole("img", { name: /^Ticket code / })).toBeVisible();
  await expect(table.getByRole("row", { name: /Ana Lopez/ })).toContainText("Unpaid: $90 expected");
  await expect(page.getByRole("button", { name: "Print guest list" })).toBeHidden();
  await expect(page.getByRole("button", { name: "Mark 1 seat arrived for Ana Lopez" })).toBeHidden();
  await expect(page.getByRole("searchbox")).toBeHidden();
  await expect(page.getByRole("navigation", { name: "Staff" })).toBeHidden();
  await page.emulateMedia({ media: "screen" });
  await expect(table).toBeHidden();
  // The screen's list shows no ticket codes.
  await expect(page.getByText(anaCode)).toBeHidden();
});

test("works on a 360 px phone and with the keyboard alone, and has no axe violations", async ({ browser, page }) => {
  const event = await eventWithGuests(browser, staffAccounts.doorAdmins[3]!, [
    ["Maximiliana Fernández-Oyarzabal", 3],
    ["Chen Wei", 1],
  ]);
  await page.setViewportSize({ width: 360, height: 740 });
  await signInWithLink(page, staffAccounts.doorStaff[4]!, event.page);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoAxeViolations(page);

  // The keyboard: to Chen's button, Enter checks him in, and focus stays put when he is all in.
  const chen = page.getByRole("button", { name: "Mark 1 seat arrived for Chen Wei" });
  await chen.focus();
  await page.keyboard.press("Enter");
  await expect(guest(page, "Chen Wei")).toContainText("1 of 1 seat arrived");
  await expect(chen).toBeFocused();
  await expect(chen).toHaveAttribute("aria-disabled", "true");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Undo 1 arrival for Chen Wei" })).toBeFocused();
  await page.keyboard.press("Space");
  await expect(guest(page, "Chen Wei")).toContainText("0 of 1 seat arrived");
  await expect(seatsArrived(page)).toHaveText("0 / 4");

  await page.getByRole("button", { name: "Mark 1 seat arrived for Maximiliana Fernández-Oyarzabal" }).click();
  await expect(seatsArrived(page)).toHaveText("1 / 4");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoAxeViolations(page);
});

test.describe("on a phone, before the page's scripts have run", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  // A press begun before hydration ends after it: a control that moves in between is missed (the
  // walk-in form's button once moved down under the finger when Scan tickets appeared above it).
  test("nothing moves when the page hydrates, and what needs scripts shows only then", async ({ browser, page }) => {
    const event = await eventWithGuests(browser, staffAccounts.doorAdmins[2]!, [["Moe Still", 1]]);
    await signInWithLink(page, staffAccounts.doorStaff[3]!, event.page);
    const { hydrate } = await openBeforeHydration(page, event.page);
    const walkIn = page.locator("summary", { hasText: "Add a walk-in" });
    const search = page.getByRole("searchbox");
    const before = [await walkIn.boundingBox(), await search.boundingBox()];
    await expect(page.getByRole("button", { name: "Print guest list" })).toBeHidden();
    await expect(page.getByRole("button", { name: "Scan tickets" })).toHaveCount(0);
    await hydrate();
    await expect(page.getByRole("button", { name: "Scan tickets" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Print guest list" })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: /saved|Saving/ })).toBeVisible();
    expect([await walkIn.boundingBox(), await search.boundingBox()]).toEqual(before);
  });
});

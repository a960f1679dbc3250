import AxeBuilder from "@axe-core/playwright";
import { expect as baseExpect, test, type Browser, type Page } from "@playwright/test";
import { staffAccounts } from "../support/accounts";
import { openAsAPerson } from "../support/as-a-person";
import { signInWithLink, testEmail } from "../support/auth";
import { siteUrl } from "../support/ports";
import { createPublishedEvent } from "../support/staff-events";
import { onBothDatabases } from "../support/tags";
import { fieldError } from "../support/form-errors";

/**
 * Guests by hand (issue 24 item 11, decision 043), as people act: straight after load, without
 * waiting for hydration. The door volunteer on a phone adds a walk-in and takes a seat off a
 * guest; the founder at a desk adds a phone booking. And the reservation form's SMS box, which
 * puts a guest among those a group text may reach.
 */

test.describe.configure({ timeout: 150_000 });
const expect = baseExpect.configure({ timeout: 20_000 });
let sequence = 0;

interface MadeEvent {
  id: string;
  title: string;
  slug: string;
}

/** A published event taking reservations, made by an admin the one way (decision 041); guests reserve through the public form. */
async function eventWithGuests(browser: Browser, admin: string, guests: Array<{ name: string; seats: number; phone?: string; smsConsent?: boolean }>): Promise<MadeEvent> {
  sequence += 1;
  const title = `Hand Evening ${Date.now().toString(36)}${process.pid}${sequence}`;
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInWithLink(page, admin, "/admin/eventmanagement");
  const { id, href } = await createPublishedEvent(page.request, { title, date: "2032-07-18", time: `18:${String(sequence % 60).padStart(2, "0")}`, location: "Hand Hall", maxSeats: "12" });
  for (const guest of guests) {
    const form = { name: guest.name, email: testEmail("hand-guest"), phone: guest.phone ?? "", seats: String(guest.seats), ...(guest.smsConsent ? { smsConsent: "on" } : {}) };
    expect((await page.request.post(`${href}/reserve`, { headers: { Origin: siteUrl }, form })).status()).toBe(200);
  }
  await context.close();
  return { id, title, slug: href.replace(/^\/events\//, "") };
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]).analyze();
  expect(results.violations.map((violation) => ({ id: violation.id, nodes: violation.nodes.map((node) => node.target.join(" ")) }))).toEqual([]);
}

test.describe("the door volunteer on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("adds a walk-in, who arrives at once, and takes a seat off a guest (3 → 2)", onBothDatabases, async ({ browser, page }) => {
    const event = await eventWithGuests(browser, staffAccounts.guestAdmins[0], [{ name: "Carla Three", seats: 3 }]);
    const checkIn = `/admin/eventreservations/${event.id}/check-in`;
    await signInWithLink(page, staffAccounts.guestDoorStaff[0], checkIn);
    await openAsAPerson(page, checkIn);

    await page.locator("summary", { hasText: "Add a walk-in" }).click();
    const walkIn = page.locator("form").filter({ has: page.locator('input[name="walkIn"]') });
    await walkIn.getByLabel("Name").fill("Walt Walkin");
    await walkIn.getByLabel("Seats").fill("2");
    await expectNoAxeViolations(page);
    await walkIn.getByRole("button", { name: "Add a walk-in" }).click();
    const walt = page.getByRole("listitem", { name: "Walt Walkin" });
    await expect(walt).toContainText("2 of 2 seats arrived");
    await expect(page.getByText("Walk-in Walt Walkin added, 2 seats arrived.").first()).toBeVisible();

    const carla = page.getByRole("listitem", { name: "Carla Three" });
    await carla.locator("summary", { hasText: "Edit" }).click();
    await carla.getByLabel("Seats").fill("2");
    await carla.getByRole("button", { name: "Save changes" }).click();
    await expect(carla).toContainText("0 of 2 seats arrived");

    // Below the seats already in: refused, with the reason on the field and the number typed kept.
    // The taps' sync is held back a while, as on a slow line: the edit waits for the taps before it
    // (decision 067), so the server sees the arrivals first, as the volunteer did.
    await page.route("**/api/check-in/*/sync", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      await route.continue();
    });
    await carla.getByRole("button", { name: "Mark all 2 seats arrived for Carla Three" }).click();
    await expect(carla).toContainText("2 of 2 seats arrived");
    // The edit form closed once saved: open it again.
    await carla.locator("summary", { hasText: "Edit" }).click();
    await carla.getByLabel("Seats").fill("1");
    await carla.getByRole("button", { name: "Save changes" }).click();
    await expect(fieldError(carla, "2 seats have already arrived")).toBeVisible();
    await expect(carla.getByLabel("Seats")).toHaveValue("1");
  });
});

test.describe("the founder at a desk", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("adds a phone booking on the reservations page, without an e-mail", onBothDatabases, async ({ browser, page }) => {
    const event = await eventWithGuests(browser, staffAccounts.guestAdmins[1], [{ name: "Rita Online", seats: 1 }]);
    await signInWithLink(page, staffAccounts.guestAdmins[2], "/admin/eventreservations");
    await openAsAPerson(page, "/admin/eventreservations");
    const group = page.locator("tbody", { has: page.getByRole("link", { name: event.title }) }).first();
    await group.locator("summary", { hasText: /^Guests:/ }).click();
    await group.locator("summary", { hasText: "Add a guest" }).click();
    const booking = group.locator("form").filter({ has: page.locator('input[name="intent"][value="add-guest"]') });
    await booking.getByLabel("Name").fill("Phoebe Phone");
    await booking.getByLabel("Phone (optional)").fill("(619) 555-0177");
    await booking.getByLabel("Seats").fill("2");
    await booking.getByRole("button", { name: "Add a guest" }).click();
    await expect(page.getByText("Phoebe Phone added with 2 seats.").first()).toBeVisible();
    await expect(group.getByTestId("seat-figures")).toContainText("3 taken / 12 max / 9 left");
    await expect(group.getByRole("row", { name: /^Phoebe Phone/ })).toContainText("(619) 555-0177");
  });
});

test.describe("a visitor's SMS box", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("a guest who ticked it is among those the event's group text reaches; one who did not is left out", onBothDatabases, async ({ browser, page }) => {
    const event = await eventWithGuests(browser, staffAccounts.guestAdmins[3], [{ name: "Quiet Quinn", seats: 1, phone: "(619) 555-0191" }]);
    // The visitor reserves on the public form at load, ticking the box.
    await openAsAPerson(page, `/events/${event.slug}/reserve`);
    await page.getByLabel("Name").fill("Tessa Texts");
    await page.getByLabel("Email", { exact: true }).fill(testEmail("texts"));
    await page.getByLabel("Phone (optional)").fill("(619) 555-0192");
    await page.getByRole("checkbox", { name: /Text me about events/ }).check();
    await page.locator("form").filter({ has: page.getByLabel("Seats") }).getByRole("button").click();
    await expect(page.getByRole("heading", { name: "Reservation Confirmed!" })).toBeVisible();

    await signInWithLink(page, staffAccounts.guestAdmins[3], "/admin/communications");
    await page.locator("#sms-group-event").selectOption(event.id);
    await expect(page.getByTestId("sms-event-summary")).toContainText("Of 2 reservations, 1 number can be texted.");
    await expect(page.getByTestId("sms-event-summary")).toContainText("1 gave no SMS consent");
  });
});

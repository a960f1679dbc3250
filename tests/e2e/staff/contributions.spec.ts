import { expect as baseExpect, test, type Browser } from "@playwright/test";
import { staffAccounts } from "../support/accounts";
import { openAsAPerson } from "../support/as-a-person";
import { signInWithLink, testEmail } from "../support/auth";
import { payByCard, reservationIdOf } from "../support/contributions";
import { siteUrl } from "../support/ports";
import { createPublishedEvent } from "../support/staff-events";
import { unique } from "../support/staff-forms";
import { onBothDatabases } from "../support/tags";

/**
 * Contributions at the door and on the guest list (issue 37 §3), as people act: straight after
 * load, without waiting for hydration. The door volunteer on a phone takes cash in one tap; the
 * founder refunds half of a card payment, through Stripe (the stand-in), with a reason.
 */

test.describe.configure({ timeout: 150_000 });
const expect = baseExpect.configure({ timeout: 20_000 });
let sequence = 0;

/** A published event taking reservations with one guest of `seats` seats, reserved through the public form ($30 a seat expected). */
async function eventWithGuest(browser: Browser, admin: string, guest: { name: string; email: string; seats: number }) {
  sequence += 1;
  const title = unique("Contribution Evening");
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInWithLink(page, admin, "/admin/eventmanagement");
  const { id, href } = await createPublishedEvent(page.request, { title, date: "2032-09-12", time: `19:${String(sequence % 60).padStart(2, "0")}`, location: "Money Hall", maxSeats: "12" });
  const form = { name: guest.name, email: guest.email, phone: "", seats: String(guest.seats) };
  expect((await page.request.post(`${href}/reserve`, { headers: { Origin: siteUrl }, form })).status()).toBe(200);
  const reservationId = await reservationIdOf(page, id, guest.name);
  await context.close();
  return { id, title, reservationId };
}

test.describe("the door volunteer on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("staff record cash at the door: one tap, the guest shows paid, and the log names it", onBothDatabases, async ({ browser, page }) => {
    const name = unique("Cash Carla");
    const event = await eventWithGuest(browser, staffAccounts.contributionAdmins[0], { name, email: testEmail("cash-guest"), seats: 2 });
    const checkIn = `/admin/eventreservations/${event.id}/check-in`;
    await signInWithLink(page, staffAccounts.contributionStaff[0], checkIn);
    await openAsAPerson(page, checkIn);

    const guest = page.getByRole("listitem", { name });
    await expect(guest.getByTestId("door-contribution")).toHaveText("Unpaid: $60 expected");
    await guest.getByRole("button", { name: `Paid in cash for ${name}: $60` }).click();
    await expect(guest.getByTestId("door-contribution")).toHaveText("Paid $60 in cash");
    await expect(guest.getByRole("button", { name: /Paid in cash/ })).toHaveCount(0);
    // The seats are another matter: still none arrived.
    await expect(guest).toContainText("0 of 2 seats arrived");

    // The founder sees it in the activity log, in words.
    const founder = await browser.newContext();
    const desk = await founder.newPage();
    await signInWithLink(desk, staffAccounts.contributionAdmins[1], "/admin/activity?kind=contribution.recorded");
    const entry = desk.getByRole("list", { name: "Activity entries" }).getByRole("listitem").filter({ hasText: name }).first();
    await expect(entry).toContainText("Recorded a contribution");
    await expect(entry).toContainText("Amount: $60");
    await expect(entry).toContainText("Method: cash");
    await founder.close();
  });
});

test("staff refund half: an admin gives back $30 of a $60 card payment, with a reason", onBothDatabases, async ({ browser, page }) => {
  const name = unique("Card Cora");
  const email = testEmail("card-guest");
  const event = await eventWithGuest(browser, staffAccounts.contributionAdmins[2], { name, email, seats: 2 });
  const guestContext = await browser.newContext();
  await payByCard(await guestContext.newPage(), { reservationId: event.reservationId, eventId: event.id, seats: 2, name, email, amountCents: 6000 });
  await guestContext.close();

  const list = `/admin/eventreservations?q=${encodeURIComponent(name)}`;
  await signInWithLink(page, staffAccounts.contributionAdmins[3], list);
  await openAsAPerson(page, list);
  const group = page.locator("tbody", { has: page.getByRole("link", { name: event.title }) }).first();
  const row = group.getByRole("row", { name: new RegExp(`^${name}`) });
  await expect(row.getByTestId("guest-contribution")).toHaveText("Paid $60 by card");
  await expect(group.getByTestId("contribution-totals")).toContainText("Paid$60");

  await row.locator("summary", { hasText: "Refund" }).click();
  const refund = row.locator("form").filter({ has: page.locator('input[name="intent"][value="refund-contribution"]') });
  await expect(refund.getByLabel("Amount to refund, in dollars")).toHaveValue("60");
  await refund.getByLabel("Amount to refund, in dollars").fill("30");
  await refund.getByLabel("Reason").fill("One of the two could not come");
  await refund.getByRole("button", { name: "Refund" }).click();

  await expect(page.getByText(`$30 refunded to ${name}'s card.`).first()).toBeVisible();
  await expect(row.getByTestId("guest-contribution")).toHaveText("Paid $60 by card, $30 refunded");
  await expect(group.getByTestId("contribution-totals")).toContainText("Paid$30");
  await expect(group.getByTestId("contribution-totals")).toContainText("Refunded$30");
});

test("event staff see contributions and record payments, but no Refund", async ({ browser, page }) => {
  const name = unique("Staff Sam");
  const event = await eventWithGuest(browser, staffAccounts.contributionAdmins[4], { name, email: testEmail("staff-guest"), seats: 1 });
  const list = `/admin/eventreservations?q=${encodeURIComponent(name)}`;
  await signInWithLink(page, staffAccounts.contributionStaff[1], list);
  await openAsAPerson(page, list);
  const group = page.locator("tbody", { has: page.getByRole("link", { name: event.title }) }).first();
  const row = group.getByRole("row", { name: new RegExp(`^${name}`) });
  await expect(row.getByTestId("guest-contribution")).toHaveText("Unpaid: $30 expected");
  await row.locator("summary", { hasText: "Record payment" }).click();
  const record = row.locator("form").filter({ has: page.locator('input[name="intent"][value="record-contribution"]') });
  await expect(record.getByLabel("Amount in dollars")).toHaveValue("30");
  await record.getByLabel("Other (a transfer, a cheque…)").check();
  await record.getByLabel("Amount in dollars").fill("35");
  await record.getByRole("button", { name: "Record payment" }).click();
  await expect(row.getByTestId("guest-contribution")).toHaveText("Paid $35 (other)");
  await expect(row.locator("summary", { hasText: "Refund" })).toHaveCount(0);
});

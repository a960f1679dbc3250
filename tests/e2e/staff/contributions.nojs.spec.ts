import { expect as baseExpect, test, type Page } from "@playwright/test";
import { staffAccounts } from "../support/accounts";
import { signInWithLink, testEmail } from "../support/auth";
import { siteUrl } from "../support/ports";
import { createPublishedEvent } from "../support/staff-events";
import { unique } from "../support/staff-forms";

/**
 * Contributions without JavaScript (or pressed before the page's scripts ran: the same document
 * post). On the reservations page the answer opens the event's guest list and says the outcome in
 * words by it; a refused refund shows its reason in its form with what was typed. At the door
 * 'Paid in cash' is a plain post too, and a second one (a stale page, another phone) records
 * nothing and says so.
 */

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

async function eventWithGuest(page: Page, admin: string, name: string, next: (id: string) => string) {
  const title = unique("Plain Contribution");
  await signInWithLink(page, admin, "/admin/eventreservations");
  const { id, href } = await createPublishedEvent(page.request, { title, date: "2032-10-03", time: "19:30", location: "Plain Hall", maxSeats: "6" });
  expect((await page.request.post(`${href}/reserve`, { headers: { Origin: siteUrl }, form: { name, email: testEmail("plain-guest"), phone: "", seats: "1" } })).status()).toBe(200);
  await page.goto(next(id));
  return { id, title };
}

test("cash recorded, then refunded by hand, each answered in words by the guest list", async ({ page }) => {
  const name = unique("Plain Pia");
  const { title } = await eventWithGuest(page, staffAccounts.contributionAdmins[5], name, () => "/admin/eventreservations");
  const group = () => page.locator("tbody", { has: page.getByRole("link", { name: title }) }).first();
  const row = () => group().getByRole("row", { name: new RegExp(`^${name}`) });
  await group().locator("summary", { hasText: /^Guests:/ }).click();
  await expect(row().getByTestId("guest-contribution")).toHaveText("Unpaid: $30 expected");
  await row().locator("summary", { hasText: "Record payment" }).click();
  await row().getByRole("button", { name: "Record payment" }).click();

  await expect(group().getByRole("status")).toHaveText(`$30 in cash recorded for ${name}.`);
  await expect(row().getByTestId("guest-contribution")).toHaveText("Paid $30 in cash");

  // A refund without a reason: refused in its form, the amount typed kept.
  await row().locator("summary", { hasText: "Refund" }).click();
  await row().getByLabel("Amount to refund, in dollars").fill("12");
  await row().getByRole("button", { name: "Refund" }).click();
  const refund = row().locator("form").filter({ has: page.locator('input[name="intent"][value="refund-contribution"]') });
  await expect(refund.getByText("Please give a reason for the refund (at most 300 characters).").first()).toBeVisible();
  await expect(refund.getByLabel("Amount to refund, in dollars")).toHaveValue("12");
  await refund.getByLabel("Reason").fill("Paid too much at the door");
  await refund.getByRole("button", { name: "Refund" }).click();

  await expect(group().getByRole("status")).toHaveText(`$12 marked as refunded to ${name} by hand.`);
  await expect(row().getByTestId("guest-contribution")).toHaveText("Paid $30 in cash, $12 refunded");
  await expect(group().getByTestId("contribution-totals")).toContainText("Refunded$12");
});

test("'Paid in cash' at the door, and the same tap from a second phone's page, loaded before, records nothing", async ({ page, context }) => {
  const name = unique("Plain Door");
  const { id } = await eventWithGuest(page, staffAccounts.contributionAdmins[6], name, (id) => `/admin/eventreservations/${id}/check-in`);
  const otherPhone = await context.newPage();
  await otherPhone.goto(`/admin/eventreservations/${id}/check-in`);
  const guest = (on: Page) => on.getByRole("listitem", { name });
  await expect(guest(page).getByTestId("door-contribution")).toHaveText("Unpaid: $30 expected");
  await guest(page).getByRole("button", { name: /^Paid in cash/ }).click();
  await expect(page.getByRole("status").filter({ hasText: `$30 in cash recorded for ${name}.` })).toBeVisible();
  await expect(guest(page).getByTestId("door-contribution")).toHaveText("Paid $30 in cash");

  await guest(otherPhone).getByRole("button", { name: /^Paid in cash/ }).click();
  await expect(otherPhone.getByRole("alert").filter({ hasText: `${name}'s contribution is already recorded as paid.` })).toBeVisible();
  await expect(guest(otherPhone).getByTestId("door-contribution")).toHaveText("Paid $30 in cash");
});

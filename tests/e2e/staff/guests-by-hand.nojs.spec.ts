import { expect as baseExpect, test, type Page } from "@playwright/test";
import { staffAccounts } from "../support/accounts";
import { signInWithLink } from "../support/auth";
import { createPublishedEvent } from "../support/staff-events";

/**
 * A guest added by hand without JavaScript (or pressed before the page's scripts ran, which is
 * the same document post): the answer page opens that event's guest list, where the answer is.
 * Accepted, the new guest's row is there to read; refused, the error and everything typed are.
 * The list's open state lives in the browser (remembered-open.tsx), and a press on its summary
 * before the scripts ran was never remembered, so the answer must open it itself.
 */

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

async function reservationsWithNewEvent(page: Page, admin: string, title: string) {
  await signInWithLink(page, admin, "/admin/eventreservations");
  await createPublishedEvent(page.request, { title, date: "2032-08-08", time: "19:00", location: "Hand Hall", maxSeats: "3" });
  await page.goto("/admin/eventreservations");
  const group = page.locator("tbody", { has: page.getByRole("link", { name: title }) }).first();
  await group.locator("summary", { hasText: /^Guests:/ }).click();
  await group.locator("summary", { hasText: "Add a guest" }).click();
  return { group, booking: group.locator("form").filter({ has: page.locator('input[name="intent"][value="add-guest"]') }) };
}

test("an added guest's row shows on the answer page, in the list that opened for it", async ({ page }) => {
  const title = `Hand Plain ${Date.now().toString(36)}`;
  const { booking } = await reservationsWithNewEvent(page, staffAccounts.guestAdmins[4], title);
  await booking.getByLabel("Name").fill("Nora Nojs");
  await booking.getByLabel("Phone (optional)").fill("(619) 555-0188");
  await booking.getByLabel("Seats").fill("2");
  await booking.getByRole("button", { name: "Add a guest" }).click();

  await expect(page.getByText("Nora Nojs added with 2 seats.").first()).toBeVisible();
  const group = page.locator("tbody", { has: page.getByRole("link", { name: title }) }).first();
  await expect(group.getByTestId("seat-figures")).toContainText("2 taken / 3 max / 1 left");
  await expect(group.getByRole("row", { name: /^Nora Nojs/ })).toContainText("(619) 555-0188");
});

test("a refused guest shows its reason in the opened list, with what was typed", async ({ page }) => {
  const title = `Hand Refused ${Date.now().toString(36)}`;
  const { booking } = await reservationsWithNewEvent(page, staffAccounts.guestAdmins[5], title);
  await booking.getByLabel("Name").fill("Otto Overflow");
  await booking.getByLabel("Seats").fill("5");
  await booking.getByRole("button", { name: "Add a guest" }).click();

  const group = page.locator("tbody", { has: page.getByRole("link", { name: title }) }).first();
  const answered = group.locator("form").filter({ has: page.locator('input[name="intent"][value="add-guest"]') });
  await expect(answered.getByLabel("Name")).toBeVisible();
  await expect(answered.getByLabel("Name")).toHaveValue("Otto Overflow");
  await expect(answered.getByLabel("Seats")).toHaveValue("5");
  await expect(answered.getByText("Only 3 seats are left for this event.").first()).toBeVisible();
});

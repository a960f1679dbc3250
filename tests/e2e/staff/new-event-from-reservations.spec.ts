import { expect as baseExpect, type Page } from "@playwright/test";
import { test } from "../support/hydration";
import { openAsAPerson } from "../support/as-a-person";
import { staffAccounts } from "../support/accounts";
import { signInWithLink } from "../support/auth";
import { pickImage, unique } from "../support/staff-forms";

/**
 * The spec's reservations page made a ticketed event of 50 seats by default (issue 35): 'New event'
 * there opens the events page's form with 'Takes reservations on this site' ticked and 50 seats.
 * Acted straight after each page loads, at 1280 and 390 px; the same form without JavaScript is in
 * new-event-from-reservations.nojs.spec.ts.
 */

test.describe.configure({ timeout: 150_000 });
const expect = baseExpect.configure({ timeout: 25_000 });
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first();

const widths = [
  { label: "1280 px", width: 1280, height: 900, date: "2032-12-04" },
  { label: "390 px", width: 390, height: 844, date: "2032-12-11" },
];

for (const [index, size] of widths.entries()) {
  test(`at ${size.label}, New event from the reservations page arrives taking reservations with 50 seats, and makes exactly that`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await signInWithLink(page, staffAccounts.pastAdmins[index + 7]!, "/admin/eventreservations");

    await openAsAPerson(page, "/admin/eventreservations");
    await page.getByRole("link", { name: "New event", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/eventmanagement\?new=1&reservations=1$/);
    const choice = page.getByRole("checkbox", { name: "Takes reservations on this site" });
    await expect(choice).toBeChecked();
    await expect(page.getByLabel("Max seats")).toHaveValue("50");

    const title = unique("Fifty Seats");
    await page.getByLabel("Title *").fill(title);
    await page.getByLabel("Date *").fill(size.date);
    await page.getByLabel("Time *").fill("19:30");
    await page.getByLabel("Description *").fill("Fifty mats by the piano.");
    await pickImage(page, "Beach");
    await page.getByRole("button", { name: "Create event" }).click();
    await expect(toast(page, "Event created successfully!")).toBeVisible();
    await expect(page.getByRole("row", { name: title, exact: true })).toContainText("0 / 50");
  });
}

test("on the events page the choice starts off; ticking it brings 50 seats, unticking sets the number aside, typing seats ticks it", async ({ page }) => {
  await signInWithLink(page, staffAccounts.pastAdmins[9]!, "/admin/eventmanagement");
  // Keeping the seats in step is the scripts' help: this waits for them (before, the server's rule answers).
  await page.goto("/admin/eventmanagement?new=1");
  const choice = page.getByRole("checkbox", { name: "Takes reservations on this site" });
  const seats = page.getByLabel("Max seats");
  await expect(choice).not.toBeChecked();
  await expect(seats).toHaveValue("");
  await choice.check();
  await expect(seats).toHaveValue("50");
  await seats.fill("24");
  await choice.uncheck();
  await expect(seats).toHaveValue("");
  await choice.check();
  await expect(seats).toHaveValue("24");
  await choice.uncheck();
  await seats.fill("12");
  await expect(choice).toBeChecked();
});

import { expect as baseExpect, type Page } from "@playwright/test";
import { test } from "../support/hydration";
import { staffAccounts } from "../support/accounts";
import { signInWithLink } from "../support/auth";
import { pickImage, unique } from "../support/staff-forms";

/**
 * 'Takes reservations on this site' without JavaScript (issue 35, docs/decisions/056): the box and
 * Max seats both post, and the server reads them by one rule: unticked with the number the form
 * showed means no reservations; a number typed means reservations; ticked without a number is
 * refused under Max seats with everything kept as typed.
 */

test.describe.configure({ timeout: 150_000 });
const expect = baseExpect.configure({ timeout: 25_000 });
const row = (page: Page, title: string) => page.getByRole("row", { name: title, exact: true });

test("New event from the reservations page, unticked with its 50 left in place, makes an event without reservations", async ({ page }) => {
  await signInWithLink(page, staffAccounts.pastAdmins[10]!, "/admin/eventreservations");
  await page.goto("/admin/eventreservations");
  await page.getByRole("link", { name: "New event", exact: true }).click();
  const choice = page.getByRole("checkbox", { name: "Takes reservations on this site" });
  await expect(choice).toBeChecked();
  await expect(page.getByLabel("Max seats")).toHaveValue("50");

  const title = unique("Plain Choice");
  await page.getByLabel("Title *").fill(title);
  await page.getByLabel("Date *").fill("2032-12-18");
  await page.getByLabel("Time *").fill("18:15");
  await page.getByLabel("Description *").fill("Tickets at the door.");
  await pickImage(page, "Beach");
  await choice.uncheck();
  await page.getByRole("button", { name: "Create event" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Event created successfully!" })).toBeVisible();
  await expect(row(page, title)).toContainText("no limit");
});

test("New event on the events page: seats typed with the box left unticked make an event taking reservations", async ({ page }) => {
  await signInWithLink(page, staffAccounts.pastAdmins[11]!, "/admin/eventmanagement");
  await page.goto("/admin/eventmanagement?new=1");
  await expect(page.getByRole("checkbox", { name: "Takes reservations on this site" })).not.toBeChecked();
  const title = unique("Plain Typed");
  await page.getByLabel("Title *").fill(title);
  await page.getByLabel("Date *").fill("2032-12-20");
  await page.getByLabel("Time *").fill("18:30");
  await page.getByLabel("Description *").fill("Thirty mats.");
  await pickImage(page, "Beach");
  await page.getByLabel("Max seats").fill("30");
  await page.getByRole("button", { name: "Create event" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Event created successfully!" })).toBeVisible();
  await expect(row(page, title)).toContainText("0 / 30");
});

test("ticked with Max seats emptied is refused and kept; with a number it makes an event taking reservations", async ({ page }) => {
  await signInWithLink(page, staffAccounts.pastAdmins[12]!, "/admin/eventmanagement");
  await page.goto("/admin/eventmanagement?new=1&reservations=1");
  const title = unique("Plain Seats");
  await page.getByLabel("Title *").fill(title);
  await page.getByLabel("Date *").fill("2032-12-19");
  await page.getByLabel("Time *").fill("18:45");
  await page.getByLabel("Description *").fill("Reserve here.");
  await pickImage(page, "Beach");
  await page.getByLabel("Max seats").fill("");
  await page.getByRole("button", { name: "Create event" }).click();

  await expect(page.getByText("Max seats is needed when the event takes reservations on this site", { exact: false }).first()).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "Takes reservations on this site" })).toBeChecked();
  await page.getByLabel("Max seats").fill("35");
  await page.getByRole("button", { name: "Create event" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Event created successfully!" })).toBeVisible();
  await expect(row(page, title)).toContainText("0 / 35");
});

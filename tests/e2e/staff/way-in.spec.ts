import { expect, type Page } from "@playwright/test";
import { test } from "../support/hydration";
import { staffAccounts } from "../support/accounts";
import { openAsAPerson } from "../support/as-a-person";
import { linkIn, mailTo, waitForMail } from "../support/mail";

/**
 * Each role's way in, the first time, as the person does it: the login page, the e-mailed link,
 * the button; then the 'Staff' link in the header, the phone's menu and the profile. Acting
 * straight after each page loads (no wait for hydration).
 */

/** Asks for a sign-in link on /login (no page named), opens it and presses 'Sign in'. */
async function signInFromTheLoginPage(page: Page, email: string) {
  const before = (await mailTo(email)).length;
  await openAsAPerson(page, "/login");
  await page.getByRole("main").getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Send me a sign-in link" }).click();
  const mail = await waitForMail(email, before + 1);
  await openAsAPerson(page, linkIn(mail, "/login/link?"));
  await page.getByRole("button", { name: "Sign in" }).click();
}

test("an admin signing in lands on the dashboard, and the header's 'Staff' link leads back to it", async ({ page }) => {
  await signInFromTheLoginPage(page, staffAccounts.wayInAdmins[0]);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();

  await openAsAPerson(page, "/events");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Staff" }).click();
  await expect(page).toHaveURL(/\/admin$/);

  await openAsAPerson(page, "/profile");
  await page.getByRole("link", { name: "Admin", exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);
});

test("event staff signing in land at the door of today's or the next event", async ({ page }) => {
  await signInFromTheLoginPage(page, staffAccounts.wayInStaff[0]);
  await expect(page).toHaveURL(/\/admin\/eventreservations\/[0-9a-f-]+\/check-in$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Check-in");
});

test("on a phone, event staff find 'Staff' in the menu, and it leads to the reservations, never a refusal", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInFromTheLoginPage(page, staffAccounts.wayInStaff[1]);
  await expect(page).toHaveURL(/\/check-in$/);

  await openAsAPerson(page, "/");
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Staff" }).click();
  await expect(page).toHaveURL(/\/admin\/eventreservations$/);
  await expect(page.getByRole("heading", { name: "Event reservations", level: 1 })).toBeVisible();

  await openAsAPerson(page, "/profile");
  await page.getByRole("link", { name: "Staff", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/eventreservations$/);
});

test("a member signing in still lands on the welcome page, and sees no 'Staff' link", async ({ page }) => {
  const email = `way-in-member-${Date.now().toString(36)}@example.com`;
  await signInFromTheLoginPage(page, email);
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Staff" })).toHaveCount(0);
});

test("the header holds a staff member's longer menu on one line from 1024 px, and the menu button below that", async ({ page }) => {
  await signInFromTheLoginPage(page, staffAccounts.wayInAdmins[1]);
  await expect(page).toHaveURL(/\/admin$/);
  await page.setViewportSize({ width: 1024, height: 700 });
  await openAsAPerson(page, "/events");
  const main = page.getByRole("navigation", { name: "Main" });
  const logo = (await page.getByRole("banner").getByRole("link", { name: "Harmonia, home" }).boundingBox())!;
  const items = await main.getByRole("listitem").all();
  for (const item of items) {
    const box = (await item.boundingBox())!;
    // One line each, clear of the logo, inside the window.
    expect(box.height).toBeLessThan(48);
    expect(box.x).toBeGreaterThan(logo.x + logo.width);
    expect(box.x + box.width).toBeLessThanOrEqual(1024);
  }
  await page.setViewportSize({ width: 768, height: 700 });
  await expect(main).toBeHidden();
  await expect(page.getByRole("button", { name: "Open menu" })).toBeVisible();
});

import { expect } from "@playwright/test";
import { test } from "../support/hydration";
import { signInByMail, signInWithLink, testEmail } from "../support/auth";

test("a member signed in by link sees the badge and header items, and logout ends the session", async ({ page }) => {
  const email = testEmail();
  // The one sign-in by the e-mailed link outside the tests of signing in (join, password, way in,
  // journeys): everything else signs in without an e-mail (support/auth.ts, decision 058).
  await signInByMail(page, email, "/about");

  await expect(page.getByText(email, { exact: true })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Member Welcome" })).toHaveAttribute("href", "/welcome");
  await expect(nav.getByRole("link", { name: "Profile" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Log in" })).toHaveCount(0);

  await nav.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByText(email, { exact: true })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: "Log in" })).toBeVisible();

  // The session ended on the server: reloading does not bring it back.
  await page.reload();
  await expect(page.getByText(email, { exact: true })).toHaveCount(0);
});

test("staff pages: a visitor is asked to log in, a member is not authorised", async ({ page }) => {
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Please log in to access this page." })).toBeVisible();

  await signInWithLink(page, testEmail(), "/about");
  for (const path of ["/admin", "/admin/communications", "/admin/eventreservations", "/admin/eventmanagement"]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(403);
    // The spec gives the communications page its own words for the same refusal.
    const refusal = path === "/admin/communications" ? "You do not have permission to view this page." : "You are not authorized to view this page.";
    await expect(page.getByRole("heading", { name: refusal })).toBeVisible();
  }
});

import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { test } from "../support/hydration";
import { staffAccounts } from "../support/accounts";
import { signInWithLink, testEmail } from "../support/auth";

/** The staff area's shell: who gets in, which navigation they see, and that it works on a phone and by keyboard. */

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]).analyze();
  expect(results.violations.map((violation) => ({ id: violation.id, nodes: violation.nodes.map((node) => node.target.join(" ")) }))).toEqual([]);
}

const staffNav = (page: Page) => page.getByRole("navigation", { name: "Staff" });

test("a visitor is asked to log in, by a link that brings them back to the staff page", async ({ page }) => {
  const response = await page.goto("/admin/activity");
  expect(response?.status()).toBe(401);
  await expect(page.getByRole("heading", { name: "Please log in to access this page." })).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/login?next=%2Fadmin%2Factivity");
  await page.getByRole("main").getByRole("link", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Fadmin%2Factivity$/);
});

test("a member without a staff role is told they are not authorised", async ({ page }) => {
  await signInWithLink(page, testEmail("not-staff"), "/welcome");
  const response = await page.goto("/admin");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "You are not authorized to view this page." })).toBeVisible();
});

test("event staff see only Reservations, and /admin takes them there instead of a refusal", async ({ page }) => {
  await signInWithLink(page, staffAccounts.eventStaff[0], "/admin/eventreservations");
  await expect(staffNav(page).getByRole("link")).toHaveText(["Reservations"]);
  const response = await page.goto("/admin");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/admin\/eventreservations$/);
  await expect(page.getByRole("heading", { name: "Event reservations", level: 1 })).toBeVisible();
  // No way back to a dashboard they may not open, and no creating events or changing seats: the guest lists are theirs.
  await expect(page.getByRole("link", { name: /Back to the dashboard/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Create event" })).toHaveCount(0);
  await expect(page.getByRole("spinbutton", { name: /^Max seats of / })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /^Check-in for / }).first()).toBeVisible();
});

test("an admin sees the whole navigation, and it works by keyboard", async ({ page }) => {
  await signInWithLink(page, staffAccounts.shell[0], "/admin/activity");
  await expect(staffNav(page).getByRole("link")).toHaveText(["Dashboard", "Events", "Reservations", "Communications", "Activity", "System"]);
  await expect(staffNav(page).getByRole("link", { name: "Activity" })).toHaveAttribute("aria-current", "page");
  await staffNav(page).getByRole("link", { name: "Reservations" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/admin\/eventreservations$/);
  await expect(staffNav(page).getByRole("link", { name: "Reservations" })).toHaveAttribute("aria-current", "page");
});

test("the music player keeps clear of the staff navigation, in the bottom corner", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInWithLink(page, staffAccounts.shell[0], "/admin/activity");
  const player = page.getByRole("region", { name: "Music player" });
  await expect(player).toBeVisible();
  const nav = (await staffNav(page).boundingBox())!;
  const bar = (await player.boundingBox())!;
  expect(bar.y).toBeGreaterThan(nav.y + nav.height);
  expect(bar.y + bar.height).toBeLessThanOrEqual(800);
  expect(bar.x + bar.width).toBeGreaterThan(1280 - 40);
  // It opens upwards, still inside the window.
  await player.getByRole("button", { name: /Now playing/ }).click();
  await expect(player.getByLabel("Volume")).toBeVisible();
  const opened = (await player.boundingBox())!;
  expect(opened.y + opened.height).toBeLessThanOrEqual(800);
  expect(opened.y).toBeGreaterThan(nav.y + nav.height);
});

test("the activity page filters by person and kind, and is accessible on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInWithLink(page, staffAccounts.shell[1], "/admin/activity");
  await expect(page.getByRole("heading", { level: 1, name: "Activity" })).toBeVisible();
  await page.getByLabel("Kind").selectOption({ label: "Created event" });
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/kind=event.created/);
  await expect(page.getByLabel("Kind")).toHaveValue("event.created");
  await expectNoAxeViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test("event staff are told in the communications page's own words that it is not theirs", async ({ page }) => {
  await signInWithLink(page, staffAccounts.eventStaff[1], "/admin/eventreservations");
  const response = await page.goto("/admin/communications");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "You do not have permission to view this page." })).toBeVisible();
});

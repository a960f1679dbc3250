import AxeBuilder from "@axe-core/playwright";
import { readFile } from "node:fs/promises";
import { expect } from "@playwright/test";
import { test } from "../support/hydration";
import { signInWithLink, testEmail } from "../support/auth";
import { fieldError } from "../support/form-errors";

const axeTags = ["wcag2a", "wcag2aa", "wcag21aa", "best-practice"];

test("a member switches e-mail preferences, and the page keeps them after a reload", async ({ page }) => {
  await signInWithLink(page, testEmail("preferences"), "/profile");
  const newsletter = page.getByLabel("The newsletter");
  const campaigns = page.getByLabel("E-mails about new music and events (campaigns)");
  await expect(newsletter).not.toBeChecked();
  await expect(campaigns).toBeChecked();

  await newsletter.check();
  await campaigns.uncheck();
  await page.getByRole("button", { name: "Save preferences" }).click();
  await expect(page.getByText("Your e-mail preferences are saved.")).toBeVisible();
  await page.reload();
  await expect(newsletter).toBeChecked();
  await expect(campaigns).not.toBeChecked();

  const axe = await new AxeBuilder({ page }).withTags(axeTags).analyze();
  expect(axe.violations).toEqual([]);
});

test("'Download my data' saves a JSON file of the member's data", async ({ page }) => {
  const email = testEmail("download");
  await signInWithLink(page, email, "/profile");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download my data" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^harmonia-data-\d{4}-\d\d-\d\d\.json$/);
  const data = JSON.parse(await readFile((await download.path())!, "utf8")) as { email: string; user: { email: string }; sessions: unknown[] };
  expect(data.email).toBe(email);
  expect(data.user.email).toBe(email);
  expect(data.sessions.length).toBeGreaterThan(0);
});

test("a member deletes the account by keyboard through the dialog, and lands signed out on the home page", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await signInWithLink(page, testEmail("delete"), "/profile");
  const confirmation = page.getByLabel("Type DELETE to confirm");

  // A wrong word is refused under the field, and the dialog does not open.
  await confirmation.fill("remove");
  await confirmation.press("Enter");
  await expect(fieldError(page, "Type DELETE to confirm.")).toBeVisible();
  await expect(confirmation).toBeFocused();
  await expect(page.getByRole("alertdialog")).toHaveCount(0);

  await confirmation.fill("DELETE");
  await confirmation.press("Enter");
  const dialog = page.getByRole("alertdialog", { name: "Delete your account for good?" });
  await expect(dialog).toBeVisible();
  const axe = await new AxeBuilder({ page }).include("[role=alertdialog]").withTags(axeTags).analyze();
  expect(axe.violations).toEqual([]);

  // Escape keeps the account and gives the focus back.
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(confirmation).toBeFocused();

  await confirmation.press("Enter");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Keep my account" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Delete my account" })).toBeFocused();
  await page.keyboard.press("Enter");

  await expect(page).toHaveURL((url) => url.pathname === "/" && url.searchParams.get("account") === "deleted");
  await expect(page.getByRole("status").filter({ hasText: "Your account and your data have been deleted." })).toBeVisible();
  await page.goto("/profile");
  await expect(page).toHaveURL((url) => url.pathname === "/login");
});

import { expect } from "@playwright/test";
import { test } from "../support/hydration";

test("/about tells the mission, the founder's story, the values and the team", async ({ page }) => {
  await page.goto("/about");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  for (const value of ["Harmony", "Compassion", "Transformation"]) {
    await expect(page.getByRole("heading", { name: value, exact: true })).toBeVisible();
  }
  for (const name of ["Elena Marlow", "Marcus Reyes", "Priya Natarajan"]) {
    await expect(page.getByRole("heading", { name, exact: true })).toBeVisible();
  }
  await expect(page.getByRole("main").getByRole("link", { name: "Explore Events" })).toHaveAttribute("href", "/events");
  await expect(page.getByRole("main").getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/contact");
});

test("/meditations filters the six samples by category and joins the waitlist", async ({ page }) => {
  await page.goto("/meditations");
  const main = page.getByRole("main");
  await expect(main.getByText("Coming Soon").first()).toBeVisible();
  const samples = main.getByRole("listitem").filter({ has: page.getByRole("button", { name: "Coming Soon" }) });
  await expect(samples).toHaveCount(6);
  await expect(main.getByRole("button", { name: "Coming Soon" })).toHaveCount(6);
  for (const button of await main.getByRole("button", { name: "Coming Soon" }).all()) await expect(button).toBeDisabled();
  for (const minutes of [10, 15, 18, 20, 25, 30]) await expect(main.getByText(`${minutes} min`, { exact: false }).first()).toBeVisible();

  const chips = main.getByRole("navigation", { name: "Filter meditations by category" });
  await chips.getByRole("link", { name: "Sleep", exact: true }).click();
  await expect(page).toHaveURL(/\/meditations\?category=sleep#library-heading$/);
  await expect(chips.getByRole("link", { name: "Sleep", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(samples).toHaveCount(1);
  await chips.getByRole("link", { name: "All", exact: true }).click();
  await expect(samples).toHaveCount(6);
  await expect(chips.getByRole("link", { name: "All", exact: true })).toHaveAttribute("aria-current", "page");

  await expect(main.locator("details")).toHaveCount(4);

  const email = `wait-${Date.now()}@example.com`;
  await main.getByRole("textbox").first().fill(email);
  await main.getByRole("button", { name: "Notify Me" }).first().click();
  await expect(main.getByText("Thank you! You're on the list.")).toBeVisible();
  await expect(main.getByRole("button", { name: "Thank You!" })).toBeDisabled();
});

test("/harmonize shows the four plans, the comparison, the FAQ and the guarantee", async ({ page }) => {
  await page.goto("/harmonize");
  const main = page.getByRole("main");
  for (const plan of ["Harmony Prelude", "Harmony Ensemble", "Harmony Symphony", "Harmony Masterpiece"]) {
    await expect(main.getByRole("heading", { name: plan, exact: true })).toBeVisible();
  }
  for (const price of ["$8", "$18", "$88", "$162"]) await expect(main.getByText(price, { exact: false }).first()).toBeVisible();
  await expect(main.getByText("Most Popular")).toBeVisible();
  await expect(main.getByText("Best Value")).toBeVisible();
  await expect(main.getByText("Save 55%")).toBeVisible();
  await expect(main.getByRole("table")).toBeVisible();
  await expect(main.locator("details")).toHaveCount(5);
  await expect(main.getByText(/7-day money-back guarantee/i).first()).toBeVisible();
  await expect(main.getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/contact");
});

test("/harmonize plan buttons open the launch waitlist for that plan", async ({ page }) => {
  await page.goto("/harmonize");
  await page.getByRole("button", { name: "Join the waitlist for Harmony Symphony" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Harmony Symphony");
  await dialog.getByRole("textbox").fill(`plan-${Date.now()}@example.com`);
  await dialog.getByRole("button", { name: "Notify Me" }).click();
  await expect(dialog.getByText("Thank you! You're on the list.")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});

test("/program shows the song list as an image with the full list as text", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/program");
  const image = page.getByRole("main").locator('img[src="/media/images/program.png"]');
  await expect(image).toBeVisible();
  // A phone gets a WebP the size it is shown at, not the 1200 px PNG.
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.currentSrc)).toMatch(/\/media\/images\/program-(480|800)\.webp$/);
  expect(await image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByRole("main").getByRole("listitem").first()).toBeVisible();
  expect(await page.getByRole("main").getByRole("listitem").count()).toBeGreaterThanOrEqual(8);
});

test("/contact gives the ways to reach us", async ({ page }) => {
  await page.goto("/contact");
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: /hello@harmonia\.example/ })).toHaveAttribute("href", "mailto:hello@harmonia.example");
  await expect(main.getByText("Weekdays 9am-5pm EST")).toBeVisible();
  await expect(main.getByRole("link", { name: /WhatsApp/ }).first()).toHaveAttribute("target", "_blank");
  await expect(main.getByText(/24-48 hours/).first()).toBeVisible();
  await expect(main.locator("details")).toHaveCount(3);
});

test("/terms has 17 sections stating the key terms", async ({ page }) => {
  await page.goto("/terms");
  const main = page.getByRole("main");
  await expect(main.getByText("Last updated: September 1, 2026")).toBeVisible();
  await expect(main.locator("section h2")).toHaveCount(17);
  const text = await main.innerText();
  for (const fact of [/13 or older/i, /at most 4 text messages \(SMS\) a month/i, /US dollars/i, /California/, /binding arbitration/i, /3 months/i]) {
    expect(text).toMatch(fact);
  }
});

test("/privacy has 10 sections and says data is not sold", async ({ page }) => {
  await page.goto("/privacy");
  const main = page.getByRole("main");
  await expect(main.getByText("Last updated: September 1, 2026")).toBeVisible();
  await expect(main.locator("section h2")).toHaveCount(10);
  const text = await main.innerText();
  for (const fact of [/music listening activity/i, /city and state/i, /event attendance history/i, /not sell/i]) {
    expect(text).toMatch(fact);
  }
});

test("the home page offers its two journeys over the background video", async ({ page }) => {
  await page.goto("/");
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: "Explore Events" })).toHaveAttribute("href", "/events");
  await expect(main.getByRole("link", { name: "Start Your Meditation Journey" })).toHaveAttribute("href", "/meditations");
  const video = main.locator("video").first();
  await expect(video).toHaveAttribute("poster", /ambient-poster/);
  expect(await video.evaluate((element: HTMLVideoElement) => element.muted && element.loop)).toBe(true);
});

test("an unknown address shows the styled 404 page", async ({ page }) => {
  const response = await page.goto("/a-page-that-does-not-exist");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This page could not be found");
  await expect(page.getByRole("main").getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
});

test.describe("with reduced motion", () => {
  test.use({ reducedMotion: "reduce" });
  test("the background video does not play", async ({ page }) => {
    await page.goto("/");
    await page.waitForTimeout(500);
    expect(await page.locator("video").first().evaluate((element: HTMLVideoElement) => element.paused)).toBe(true);
  });
});

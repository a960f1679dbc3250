import { expect, test } from "@playwright/test";

// The not-found states ('No events found', 'VIP event not found') need an empty calendar; the
// shared e2e database holds the demo one, so tests/integration/event-pages.test.ts covers them.

test("/rsvp reserves on site for the placed sunset event, although it has a ticket page", async ({ page }) => {
  await page.goto("/rsvp");
  await expect(page.getByRole("heading", { level: 1, name: "RSVP" })).toBeVisible();
  await expect(page.getByText("headphones", { exact: false }).first()).toBeVisible();

  await page.getByRole("link", { name: "RSVP Now" }).click();
  await expect(page).toHaveURL(/#events$/);
  const events = page.getByRole("region", { name: "Upcoming Events" });
  await expect(events).toBeInViewport();

  const main = events.getByRole("article").filter({ hasText: "Sunset Piano Meditation at Mt. Soledad" });
  await expect(main).toBeVisible();
  await expect(main.getByRole("link", { name: "Get Tickets" })).toHaveCount(0);
  await main.getByRole("button", { name: "Reserve Your Spot" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("textbox", { name: "Name" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  // The second card: the private evening, which opens nothing.
  await expect(events.getByRole("button", { name: "Private Event" })).toBeDisabled();
});

test("/reserve shows its hero and the main card in reserve mode", async ({ page }) => {
  await page.goto("/reserve");
  await expect(page.getByRole("heading", { level: 1, name: "Reserve Your Spot" })).toBeVisible();
  await expect(page.getByText("Secure your place at our exclusive events")).toBeVisible();
  const events = page.getByRole("region", { name: "Upcoming Events" });
  await expect(events.getByText("Sunset Piano Meditation at Mt. Soledad")).toBeVisible();
  await events.getByRole("button", { name: "Reserve Your Spot" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
});

test("/vip invites to the VIP gathering with a preview that plays with sound on request", async ({ page }) => {
  await page.goto("/vip");
  await expect(page.getByRole("heading", { level: 1, name: "VIP Invitation" })).toBeVisible();
  await expect(page.getByText("VIP Sunset Gathering at Mt. Soledad").first()).toBeVisible();

  const overlay = page.getByRole("button", { name: "Click to play with sound" });
  await expect(overlay).toBeVisible();
  await overlay.click();
  await expect(overlay).toBeHidden();
  const video = page.getByLabel("A preview of a live piano meditation");
  await expect(video).toHaveJSProperty("muted", false);
  await expect(video).toHaveAttribute("controls", "");

  await expect(page.getByRole("button", { name: "Reserve VIP Spot" })).toBeEnabled();
  await expect(page.getByRole("heading", { name: "VIP Experience Includes" })).toBeVisible();
  for (const item of ["Exclusive Neighborhood Access", "Live Piano Meditation", "Intimate Setting", "Community Connection"]) {
    await expect(page.getByRole("heading", { name: item, exact: true })).toBeVisible();
  }
  await expect(page.getByRole("link", { name: "hello@harmonia.example" })).toHaveAttribute("href", "mailto:hello@harmonia.example");
});

test("an event's shareable page offers its card, a calendar file and a map", async ({ page }) => {
  const sitemap = await (await page.request.get("/sitemap.xml")).text();
  const path = /<loc>https?:\/\/[^/<]+(\/events\/sunset-piano-meditation-at-mt-soledad-\d+)<\/loc>/.exec(sitemap)?.[1];
  expect(path).toBeTruthy();
  await page.goto(path!);
  await expect(page.getByRole("heading", { level: 1, name: "Sunset Piano Meditation at Mt. Soledad" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Get Tickets" })).toBeVisible();
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Add to calendar" }).click();
  expect((await download).suggestedFilename()).toMatch(/^sunset-piano-meditation-at-mt-soledad-\d+\.ics$/);
  await expect(page.getByRole("link", { name: /Open in Maps/ })).toHaveAttribute("href", /google\.com\/maps/);
});

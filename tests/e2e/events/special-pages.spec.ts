import { expect } from "@playwright/test";
import { testEmail } from "../support/auth";
import { hydrated, test } from "../support/hydration";

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

  const main = events.getByRole("article", { name: "Sunset Piano Meditation at Mt. Soledad" });
  await expect(main).toBeVisible();
  await expect(main.getByRole("link", { name: "Get Tickets" })).toHaveCount(0);
  // The second card: the private evening, which opens nothing.
  await expect(events.getByRole("button", { name: "Private Event" })).toBeDisabled();

  // Once hydrated, the card's link opens the dialog (before, it leads to the reservation page).
  const reserve = main.getByRole("link", { name: "Reserve Your Spot" });
  await expect(reserve).toHaveAttribute("aria-haspopup", "dialog");
  await reserve.click();
  const dialog = page.getByRole("dialog", { name: "Reserve Your Spot" });
  await expect(dialog).toContainText("Sunset Piano Meditation at Mt. Soledad");
  const email = testEmail("rsvp");
  await dialog.getByLabel("Name").fill("Rae Sunset");
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Seats").fill("1");
  await dialog.getByRole("button", { name: "Confirm Reservation" }).click();
  // The page's events are loaded again after the reservation; the confirmation must survive that.
  const confirmed = page.getByRole("dialog", { name: "Reservation Confirmed!" });
  await expect(confirmed).toBeVisible();
  await expect(confirmed).toContainText("Sunset Piano Meditation at Mt. Soledad");
  await expect(confirmed).toContainText(email);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("/rsvp shows its cards in the page itself", async ({ page }) => {
    await page.goto("/rsvp");
    const events = page.getByRole("region", { name: "Upcoming Events" });
    await expect(events.getByRole("article", { name: "Sunset Piano Meditation at Mt. Soledad" })).toBeVisible();
    await expect(events.getByText("Loading...")).toHaveCount(0);
  });
});

test("/reserve shows its hero and the main card in reserve mode", async ({ page }) => {
  await page.goto("/reserve");
  await expect(page.getByRole("heading", { level: 1, name: "Reserve Your Spot" })).toBeVisible();
  await expect(page.getByText("Secure your place at our exclusive events")).toBeVisible();
  const events = page.getByRole("region", { name: "Upcoming Events" });
  const reserve = events.getByRole("article", { name: "Sunset Piano Meditation at Mt. Soledad" }).getByRole("link", { name: "Reserve Your Spot" });
  await expect(reserve).toHaveAttribute("aria-haspopup", "dialog");
  await reserve.click();
  await expect(page.getByRole("dialog", { name: "Reserve Your Spot" }).getByLabel("Name")).toBeVisible();
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

  await expect(page.getByRole("link", { name: "Reserve VIP Spot" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "VIP Experience Includes" })).toBeVisible();
  for (const item of ["Exclusive Neighborhood Access", "Live Piano Meditation", "Intimate Setting", "Community Connection"]) {
    await expect(page.getByRole("heading", { name: item, exact: true })).toBeVisible();
  }
  await expect(page.getByRole("link", { name: "hello@harmonia.example" })).toHaveAttribute("href", "mailto:hello@harmonia.example");
});

test("/vip's silent preview plays only while it is in view", async ({ page }) => {
  // A short screen: the preview starts below the fold.
  await page.setViewportSize({ width: 390, height: 480 });
  await page.goto("/vip");
  await hydrated(page);
  const video = page.getByLabel("A preview of a live piano meditation");
  // Below the fold on a phone: nothing downloads or decodes yet.
  await expect(video).toHaveJSProperty("paused", true);
  await video.scrollIntoViewIfNeeded();
  await expect(video).toHaveJSProperty("paused", false);
  await expect(video).toHaveJSProperty("muted", true);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect(video).toHaveJSProperty("paused", true);
});

test("an event's shareable page offers its card, a calendar file and a map", async ({ page }) => {
  const sitemap = await (await page.request.get("/sitemap.xml")).text();
  const path = /<loc>https?:\/\/[^/<]+(\/events\/sunset-piano-meditation-at-mt-soledad-\d+)<\/loc>/.exec(sitemap)?.[1];
  expect(path).toBeTruthy();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await page.goto(path!, { waitUntil: "networkidle" });
  await expect(page.getByRole("heading", { level: 1, name: "Sunset Piano Meditation at Mt. Soledad" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Get Tickets" })).toBeVisible();
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Add to calendar" }).click();
  expect((await download).suggestedFilename()).toMatch(/^sunset-piano-meditation-at-mt-soledad-\d+\.ics$/);
  await expect(page.getByRole("link", { name: /Open in Maps/ })).toHaveAttribute("href", /google\.com\/maps/);
  // The JSON-LD script carries the response's nonce and hydrates like the rest of the page.
  expect(errors).toEqual([]);
});

import { expect } from "@playwright/test";
import { test } from "../support/hydration";

// A page whose server HTML and first client render disagree is thrown away and drawn again in the
// browser: slow, and a console error. Every page must hydrate cleanly.
const pages = ["/", "/about", "/meditations", "/harmonize", "/program", "/contact", "/join", "/terms", "/privacy", "/events", "/reserve", "/rsvp", "/vip", "/not-a-page"];

for (const path of pages) {
  test(`${path} hydrates without errors`, async ({ page }) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    await page.goto(path, { waitUntil: "networkidle" });
    // The 404 page's own status is the only expected console message.
    expect(errors.filter((error) => !error.includes("404 (Not Found)"))).toEqual([]);
  });
}

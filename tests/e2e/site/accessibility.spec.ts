import AxeBuilder from "@axe-core/playwright";
import { expect } from "@playwright/test";
import { test } from "../support/hydration";

const pages = ["/", "/about", "/meditations", "/harmonize", "/program", "/contact", "/join", "/terms", "/privacy", "/events", "/reserve", "/rsvp", "/vip", "/not-a-page"];

for (const path of pages) {
  for (const viewport of [
    { name: "desktop", width: 1280, height: 800 },
    { name: "phone", width: 360, height: 740 },
  ]) {
    test(`${path} has no accessibility violations on a ${viewport.name}`, async ({ page }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      // The page at rest: axe measures contrast as it finds it, and on / the testimonials' letter fades
      // out and in every 5 s (half its contrast mid-fade failed 1 run in 4); under reduced motion it
      // stays, and every entrance animation is at its end.
      await page.emulateMedia({ reducedMotion: "reduce" });
      await page.goto(path);
      const results = await new AxeBuilder({ page })
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
        .analyze();
      const summary = results.violations.map((violation) => ({
        id: violation.id,
        help: violation.help,
        nodes: violation.nodes.map((node) => node.target.join(" ")),
      }));
      expect(summary).toEqual([]);
      // Nothing may be wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    });
  }
}

import type { Page } from "@playwright/test";

/** The site header's background alpha as drawn (public-site.md: 0.95 at the top, 0.001 less per pixel scrolled, never below 0.4). */
export function headerAlpha(page: Page): Promise<number> {
  return page
    .locator("header")
    .first()
    .evaluate((element) => Number(/\/\s*([\d.]+)\s*\)$/.exec(getComputedStyle(element).backgroundColor)?.[1] ?? 1));
}

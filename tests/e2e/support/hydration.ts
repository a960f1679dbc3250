import type { Page } from "@playwright/test";

/**
 * Resolves once React has taken over the server's HTML, so the page's effects run and its
 * buttons do what they do with JavaScript (before, a staff action is its no-JavaScript form).
 */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const element = document.querySelector("main");
    return !!element && Object.keys(element).some((key) => key.startsWith("__reactFiber"));
  });
}

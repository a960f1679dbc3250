import { test as base, type Page } from "@playwright/test";

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

/** As `hydrated`, for a React Router page; any other document (JSON, a file, the mailbox's raw HTML) at once. */
async function hydratedIfReactPage(page: Page) {
  await page.waitForFunction(() => {
    if (!("__reactRouterContext" in window)) return true;
    const element = document.querySelector("main");
    return !!element && Object.keys(element).some((key) => key.startsWith("__reactFiber"));
  });
}

/**
 * Playwright's `test` whose `page.goto` and `page.reload` also wait for hydration. Hydration starts after the first
 * contentful paint (decision 034), so a test that presses a button straight after loading would
 * otherwise sometimes press the button's no-JavaScript form. A test that names `waitUntil` decides
 * for itself (one checks the page before its scripts run); pages without JavaScript never wait.
 */
export const test = base.extend({
  // Playwright's fixture callback is named `use`; it is not React's hook.
  page: async ({ page, javaScriptEnabled }, provide) => {
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        if (!options?.waitUntil) await hydratedIfReactPage(page);
        return response;
      };
      const reload = page.reload.bind(page);
      page.reload = async (options) => {
        const response = await reload(options);
        if (!options?.waitUntil) await hydratedIfReactPage(page);
        return response;
      };
    }
    await provide(page);
  },
});

export { expect } from "@playwright/test";

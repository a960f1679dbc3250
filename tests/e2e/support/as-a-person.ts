import type { Page, Route } from "@playwright/test";
import { hydrated } from "./hydration";

/**
 * How a person meets a page: they act the moment it looks ready, not when React has taken over.
 * Hydration starts after the first paint (decision 034), so "straight after load" lands in the
 * window before hydration only sometimes; a test that must see that window every time holds the
 * page's scripts back instead, acts, and then lets them run.
 */

/** Opens `url` and returns at the load event, without waiting for hydration. */
export async function openAsAPerson(page: Page, url: string) {
  return page.goto(url, { waitUntil: "load" });
}

/** Built scripts (the entry, the routes' chunks) and the module preloads that fetch them. */
const builtScript = /\/assets\/[^?#]+\.js(?:[?#].*)?$/;

/**
 * Opens `url` with every built script held back, so the page is exactly its server HTML: what a
 * person sees and uses before hydration (and, apart from scripts, what a browser without
 * JavaScript gets). Returns `hydrate`, which lets the scripts load and resolves once React has
 * taken over the page as it is then (with whatever the person typed or ticked).
 */
export async function openBeforeHydration(page: Page, url: string) {
  const held: Route[] = [];
  let releasing = false;
  const hold = async (route: Route) => {
    if (releasing) await route.continue();
    else held.push(route);
  };
  await page.route(builtScript, hold);
  const response = await page.goto(url, { waitUntil: "domcontentloaded" });
  return {
    response,
    async hydrate() {
      releasing = true;
      await Promise.all(held.splice(0).map((route) => route.continue()));
      await page.unroute(builtScript, hold);
      await hydrated(page);
    },
  };
}

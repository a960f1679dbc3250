import { expect as baseExpect, type Browser, type Page } from "@playwright/test";
import { test } from "../support/hydration";
import { staffAccounts } from "../support/accounts";
import { signIn } from "../support/auth";
import { siteUrl } from "../support/ports";
import { createPublishedEvent } from "../support/staff-events";

/**
 * The door without signal (issue 38 §3, decision 068): the check-in page is an installable web app
 * whose service worker keeps the page and its scripts, so once opened with signal it loads with
 * none; a refresh that cannot reach the server leaves the list showing; only this page links the
 * door's manifest and registers its worker.
 */

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 20_000 });
/** How often an open door page asks for the list (DOOR_POLL_MS in app/components/admin/check-in/use-door.ts). */
const DOOR_POLL_MS = 3_000;
let sequence = 0;

/** A published event with guests who reserved through the public form, made by an admin over HTTP. */
async function eventWithGuests(browser: Browser, admin: string, guests: Array<[name: string, seats: number]>) {
  sequence += 1;
  const title = `Offline Door ${Date.now().toString(36)}${process.pid}${sequence}`;
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, admin, "/admin/eventmanagement");
  const event = await createPublishedEvent(page.request, { title, date: "2032-07-14", time: `19:${String(sequence % 60).padStart(2, "0")}`, maxSeats: "40" });
  for (const [name, seats] of guests) {
    const email = `${name.toLowerCase().replace(/[^a-z]+/g, ".")}.${Date.now().toString(36)}${sequence}@example.com`;
    const reserved = await page.request.post(`${event.href}/reserve`, { headers: { Origin: siteUrl }, form: { name, email, phone: "", seats: String(seats) } });
    expect(reserved.status()).toBe(200);
  }
  await context.close();
  return { title, page: `/admin/eventreservations/${event.id}/check-in` };
}

const guest = (page: Page, name: string) => page.getByRole("listitem", { name });
const heading = (page: Page) => page.getByRole("heading", { level: 1 });
/** Whether the page can reach the server at all (the browser's own fetch, past any service worker). */
const reachesServer = (page: Page) => page.evaluate(() => fetch("/healthz", { cache: "no-store" }).then(() => true, () => false));
/** The nonce of the page's scripts: each answer from the server has its own. */
const scriptNonce = (page: Page) => page.evaluate(() => document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce ?? "");

test("once opened with signal, the check-in page loads with none: its guests, a working search, the app's start", async ({ browser }) => {
  const event = await eventWithGuests(browser, staffAccounts.offlineDoorAdmins[0]!, [
    ["Ada Lovelace", 2],
    ["Bruno Diaz", 1],
    ["Chen Wei", 3],
  ]);
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, staffAccounts.offlineDoorStaff[0]!, event.page);
  await expect(heading(page)).toHaveText(`Check-in: ${event.title}`);
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/door.webmanifest");

  // This test is about the service worker: it waits for it to control the page and to keep the page.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await expect.poll(() => page.evaluate(async (path) => !!(await caches.match(path)), event.page)).toBe(true);
  const keptNonce = await page.evaluate(async (path) => {
    const policy = (await caches.match(path))?.headers.get("content-security-policy") ?? "";
    return /'nonce-([^']+)'/.exec(policy)?.[1] ?? "";
  }, event.page);
  expect(keptNonce).not.toBe("");

  await context.setOffline(true);
  // Offline, the router's question "which routes does this path have" (/__manifest) cannot be
  // answered either; Chromium's HTTP cache would sometimes answer it from the visit above, so the
  // test makes it fail every time, as it does on a phone whose cache has not kept it.
  await context.route(/\/__manifest/, (route) => route.abort("internetdisconnected"));
  expect(await reachesServer(page), "offline, the page cannot reach the server").toBe(false);
  await page.reload();
  await expect(heading(page)).toHaveText(`Check-in: ${event.title}`);
  // The kept copy, not a fresh answer: the server would have given the page's scripts a new nonce
  // (and the kept copy's policy names its own, so its scripts run: the page hydrated, above).
  expect(await scriptNonce(page)).toBe(keptNonce);
  expect(await reachesServer(page), "still offline after the reload").toBe(false);
  for (const name of ["Ada Lovelace", "Bruno Diaz", "Chen Wei"]) await expect(guest(page, name)).toBeVisible();

  await page.getByLabel("Search guests by name or e-mail").fill("chen");
  await expect(guest(page, "Chen Wei")).toBeVisible();
  await expect(guest(page, "Ada Lovelace")).toBeHidden();
  await expect(guest(page, "Bruno Diaz")).toBeHidden();
  // The keyboard's Search key (Enter) keeps the list as filtered: nothing asks the server.
  await page.getByLabel("Search guests by name or e-mail").press("Enter");
  await expect(page).toHaveURL((url) => url.searchParams.get("q") === "chen");

  // Offline, the door store says so and the page stays the door list, never an error page.
  await expect(page.getByTestId("door-status")).toHaveText(/^Offline/);
  await expect(heading(page)).toHaveText(`Check-in: ${event.title}`);
  await expect(guest(page, "Chen Wei")).toBeVisible();

  // The installed app's start (door.webmanifest's start_url) leads, offline, to the door list kept last.
  await page.goto("/admin/eventreservations/door");
  await expect(page).toHaveURL((url) => url.pathname === event.page);
  await expect(heading(page)).toHaveText(`Check-in: ${event.title}`);
  await expect(guest(page, "Ada Lovelace")).toBeVisible();

  // With the signal back, the page is the server's again.
  await context.unroute(/\/__manifest/);
  await context.setOffline(false);
  await page.reload();
  await expect(heading(page)).toHaveText(`Check-in: ${event.title}`);
  expect(await scriptNonce(page)).not.toBe(keptNonce);
  await context.close();
});

test("a guest edited with no signal: the page stays the door list, says nothing was saved, and keeps what was typed", async ({ browser }) => {
  const event = await eventWithGuests(browser, staffAccounts.offlineDoorAdmins[3]!, [["Iris Moreau", 2]]);
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, staffAccounts.offlineDoorStaff[3]!, event.page);
  await expect(guest(page, "Iris Moreau")).toBeVisible();
  // The page reloaded with no signal (the worker's copy): the router has asked the server nothing yet.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await expect.poll(() => page.evaluate(async (path) => !!(await caches.match(path)), event.page)).toBe(true);
  await context.setOffline(true);
  // As in the first test: the router's /__manifest question is never answered from Chromium's cache.
  await context.route(/\/__manifest/, (route) => route.abort("internetdisconnected"));
  await page.reload();
  await expect(guest(page, "Iris Moreau")).toBeVisible();

  const row = guest(page, "Iris Moreau");
  await row.getByLabel("Edit Iris Moreau's reservation").click();
  await row.getByLabel("Seats").fill("3");
  await row.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("No signal: nothing was saved.").first()).toBeVisible();
  await expect(heading(page)).toHaveText(`Check-in: ${event.title}`);
  await expect(page.getByText("We lost the melody")).toHaveCount(0);
  await expect(row.getByLabel("Seats")).toHaveValue("3");

  // With the signal back, the same form saves.
  await context.unroute(/\/__manifest/);
  await context.setOffline(false);
  await row.getByRole("button", { name: "Save changes" }).click();
  await expect(row).toContainText("3 seats");
  await context.close();
});

test("a refresh that cannot reach the server leaves the door list showing", async ({ browser }) => {
  const event = await eventWithGuests(browser, staffAccounts.offlineDoorAdmins[1]!, [["Dana Price", 2]]);
  // Without the worker, so the failure is the door list's own request's (as with a signal that comes and goes).
  const context = await browser.newContext({ serviceWorkers: "block" });
  const page = await context.newPage();
  await signIn(page, staffAccounts.offlineDoorStaff[1]!, event.page);
  await expect(guest(page, "Dana Price")).toBeVisible();
  let failed = 0;
  await page.route(/\/api\/check-in\//, (route) => {
    failed += 1;
    return route.abort("internetdisconnected");
  });
  await expect.poll(() => failed, { timeout: DOOR_POLL_MS * 3 }).toBeGreaterThan(0);
  await expect(heading(page)).toHaveText(`Check-in: ${event.title}`);
  await expect(guest(page, "Dana Price")).toBeVisible();
  await expect(page.getByTestId("door-status")).toHaveText(/^Offline/);
  await expect(page.getByText("We lost the melody")).toHaveCount(0);
  await context.close();
});

test("only the check-in page links the door app and registers its worker; public pages do neither", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const workerRequests: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("check-in-sw")) workerRequests.push(request.url());
  });
  for (const path of ["/", "/events", "/about"]) {
    await page.goto(path);
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/site.webmanifest");
    await expect(page.locator('link[href="/door.webmanifest"]')).toHaveCount(0);
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((registrations) => registrations.length)), path).toBe(0);
  }
  expect(workerRequests).toEqual([]);

  const event = await eventWithGuests(browser, staffAccounts.offlineDoorAdmins[2]!, [["Eve Moss", 1]]);
  await signIn(page, staffAccounts.offlineDoorStaff[2]!, event.page);
  await expect(page.locator('link[rel="manifest"]')).toHaveCount(1);
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/door.webmanifest");
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute("href", "/door-apple-touch-icon.png");
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.getRegistrations().then((registrations) => registrations.map((registration) => new URL(registration.scope).pathname)))).toEqual(["/admin/eventreservations/"]);
  await context.close();
});

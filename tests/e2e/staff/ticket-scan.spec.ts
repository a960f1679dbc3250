import { chromium, expect as baseExpect, type Browser, type Page } from "@playwright/test";
import { test } from "../support/hydration";
import { staffAccounts } from "../support/accounts";
import { signInWithLink } from "../support/auth";
import { sessionDoorUrl, siteUrl } from "../support/ports";
import { writeQrVideo } from "#tests/support/fake-camera";
import { ticketCode } from "#app/modules/reservations/tickets/ticket-code.server";

/**
 * The door scanner (issue 38 §2) through the real camera path: Chromium's fake capture device
 * plays a video of a real ticket's QR code (written by the test from the code the server signs),
 * the page reads it with the scanner it loads on demand, and the volunteer checks the guest in.
 * Each phone is a Chromium of its own, started with that video as its camera.
 */

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 20_000 });
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

interface DoorEvent {
  id: string;
  title: string;
  page: string;
  /** The guest's address, which finds their ticket. */
  email: string;
}

/** A published event with one guest who reserved through the public form, made by an admin over HTTP. */
async function eventWithGuest(browser: Browser, admin: string, name: string, seats: number): Promise<DoorEvent> {
  const title = `Scan Evening ${Date.now().toString(36)}${process.pid}`;
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInWithLink(page, admin, "/admin/eventmanagement");
  const post = (form: Record<string, string>) => page.request.post("/admin/eventmanagement", { headers: { Origin: siteUrl }, form });
  expect((await post({ intent: "create", title, image: "/media/images/event-garden.svg", date: "2032-12-09", time: "19:00", description: "Live piano.", location: "Door Hall", maxSeats: "40" })).status()).toBe(200);
  const html = await (await page.request.get("/admin/eventmanagement")).text();
  const id = /name="id" value="([0-9a-f-]{36})"/.exec(html.slice(html.indexOf(`aria-label="${title}"`)))?.[1];
  expect(id, `the row of ${title}`).toBeTruthy();
  expect((await post({ intent: "publish", id: id! })).status()).toBe(200);
  const sitemap = await (await page.request.get("/sitemap.xml")).text();
  const slug = new RegExp(`/events/(${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-\\d+)<`).exec(sitemap)?.[1];
  expect(slug, "the published event's address").toBeTruthy();
  const email = `ada.${Date.now().toString(36)}${process.pid}@example.com`;
  const reserved = await page.request.post(`/events/${slug}/reserve`, { headers: { Origin: siteUrl }, form: { name, email, phone: "", seats: String(seats) } });
  expect(reserved.status()).toBe(200);
  await context.close();
  return { id: id!, title, page: `/admin/eventreservations/${id}/check-in`, email };
}

/** The guest's real ticket code: their reservation's reference, signed with the site's secret. */
async function ticketOf(page: Page, email: string): Promise<string> {
  const answer = await page.request.post(`${sessionDoorUrl}/ticket`, { data: { email } });
  expect(answer.status(), await answer.text()).toBe(200);
  const { ticketRefs, secret } = (await answer.json()) as { ticketRefs: string[]; secret: string };
  expect(ticketRefs).toHaveLength(1);
  return ticketCode(secret, ticketRefs[0]!);
}

/** A phone whose camera sees `video`, already allowed to use it. */
async function phoneWithCamera(video: string): Promise<{ browser: Browser; page: Page; requests: string[] }> {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
      "--use-fake-device-for-media-stream",
      "--use-fake-ui-for-media-stream",
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  const context = await browser.newContext({ baseURL: siteUrl, permissions: ["camera"] });
  const page = await context.newPage();
  const requests: string[] = [];
  page.on("request", (request) => requests.push(request.url()));
  return { browser, page, requests };
}

const seatsArrived = (page: Page) => page.getByRole("definition").first();

test("a volunteer scans a guest's ticket with the camera and checks both seats in", async ({ browser }, testInfo) => {
  const event = await eventWithGuest(browser, staffAccounts.scanAdmins[0], "Ada Lovelace", 2);
  const video = testInfo.outputPath("ticket.y4m");
  const setup = await browser.newPage();
  writeQrVideo(video, await ticketOf(setup, event.email));
  await setup.close();

  const phone = await phoneWithCamera(video);
  try {
    const { page } = phone;
    await signInWithLink(page, staffAccounts.scanStaff[0], event.page);
    await expect(seatsArrived(page)).toHaveText("0 / 2");
    await page.getByRole("button", { name: "Scan tickets" }).click();

    const result = page.getByTestId("scan-result");
    await expect(result).toContainText("Ada Lovelace — 2 seats");
    // The focus moves to the result, so a screen reader and the keyboard are there at once.
    await expect(result.getByText("Ada Lovelace — 2 seats")).toBeFocused();
    const scanMs = Number(await result.getAttribute("data-scan-ms"));
    expect(scanMs).toBeGreaterThan(0);
    const reader = await page.locator("[data-reader]").getAttribute("data-reader");
    testInfo.annotations.push({ type: "scan-to-result", description: `${scanMs} ms (${reader} reader)` });
    console.log(`ticket-scan: scan to result ${scanMs} ms with the ${reader} reader`);
    expect(await page.evaluate(() => performance.getEntriesByName("ticket-scan").length)).toBeGreaterThan(0);

    await result.getByRole("button", { name: "Check in 2" }).click();
    await expect(result.getByRole("status")).toHaveText("Ada Lovelace: all 2 seats arrived.");
    await expect(result).toContainText(`Already checked in at`);
    await expect(result).toContainText(`by ${staffAccounts.scanStaff[0]}`);
    await expect(seatsArrived(page)).toHaveText("2 / 2");

    // Everything the scanner needed came from this site: the QR reader's WebAssembly too, no CDN.
    expect(phone.requests.filter((url) => !url.startsWith(siteUrl) && !url.startsWith("data:") && !url.startsWith("blob:"))).toEqual([]);
    if (reader === "polyfill") expect(phone.requests.some((url) => url.startsWith(`${siteUrl}/assets/`) && url.endsWith(".wasm"))).toBe(true);

    await page.getByRole("button", { name: "Close scanner" }).click();
    await expect(page.getByRole("button", { name: "Scan tickets" })).toBeFocused();
    await expect(page.locator("video")).toHaveCount(0);

    // Scanned again (the scanner opened anew each time): it now says who checked her in, and when.
    const times = [scanMs];
    for (let again = 0; again < 3; again += 1) {
      await page.getByRole("button", { name: "Scan tickets" }).click();
      await expect(result).toContainText(`Already checked in at`);
      times.push(Number(await result.getAttribute("data-scan-ms")));
      await page.getByRole("button", { name: "Close scanner" }).click();
    }
    console.log(`ticket-scan: scan to result, ms: ${times.join(", ")}`);
  } finally {
    await phone.browser.close();
  }
});

test("a forged ticket code is not one of ours, and offers no check-in", async ({ browser }, testInfo) => {
  const event = await eventWithGuest(browser, staffAccounts.scanAdmins[1], "Ada Lovelace", 2);
  const setup = await browser.newPage();
  const real = await ticketOf(setup, event.email);
  await setup.close();
  // The guest's own reference with a signature the server never made.
  const forged = `${real.slice(0, 15)}${real.endsWith("Z") ? "Y" : "Z"}`;
  const video = testInfo.outputPath("forged.y4m");
  writeQrVideo(video, forged);

  const phone = await phoneWithCamera(video);
  try {
    const { page } = phone;
    await signInWithLink(page, staffAccounts.scanStaff[1], event.page);
    await page.getByRole("button", { name: "Scan tickets" }).click();
    const result = page.getByTestId("scan-result");
    await expect(result).toContainText("Not one of our tickets");
    await expect(result).toHaveAttribute("data-tone", "stop");
    await expect(result.getByRole("button")).toHaveCount(0);
    await expect(seatsArrived(page)).toHaveText("0 / 2");
  } finally {
    await phone.browser.close();
  }
});

import { test } from "@playwright/test";
import { staffAccounts } from "../support/accounts";
import { openAsAPerson } from "../support/as-a-person";
import { signInWithLink } from "../support/auth";
import { createPublishedEvent } from "../support/staff-events";
import { siteUrl } from "../support/ports";

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
test("probe", async ({ browser, page }) => {
  const ctx = await browser.newContext();
  const adminPage = await ctx.newPage();
  await signInWithLink(adminPage, staffAccounts.guestAdmins[0], "/admin/eventmanagement");
  const { id, href } = await createPublishedEvent(adminPage.request, { title: `Probe Evening ${Date.now()}`, date: "2032-07-18", time: "18:10", location: "Hand Hall", maxSeats: "12" });
  const form = { name: "Carla Three", email: `hand-guest-${Date.now()}@example.com`, phone: "", seats: "3" };
  await adminPage.request.post(`${href}/reserve`, { headers: { Origin: siteUrl }, form });
  await ctx.close();
  const checkIn = `/admin/eventreservations/${id}/check-in`;
  await page.addInitScript(() => {
    const w = window as unknown as { __log: string[] };
    w.__log = [];
    const t0 = performance.now();
    const log = (s: string) => w.__log.push(`${Math.round(performance.now() - t0)} ${s}`);
    const orig = Element.prototype.removeAttribute;
    Element.prototype.removeAttribute = function (name: string) {
      if (name === "open") log(`removeAttribute(open) ${new Error().stack?.split("\n").slice(1, 6).join(" | ")}`);
      return orig.call(this, name);
    };
    const origSet = Element.prototype.setAttribute;
    Element.prototype.setAttribute = function (name: string, value: string) {
      if (name === "open") log(`setAttribute(open) ${new Error().stack?.split("\n").slice(1, 6).join(" | ")}`);
      return origSet.call(this, name, value);
    };
    document.addEventListener("toggle", (e) => log(`toggle ${(e.target as HTMLDetailsElement).open} ${(e.target as HTMLElement).querySelector("summary")?.textContent}`), true);
    document.addEventListener("click", (e) => log(`click ${(e.target as HTMLElement).outerHTML.slice(0, 80)}`), true);
    document.addEventListener("focusin", (e) => log(`focusin ${(e.target as HTMLElement).outerHTML.slice(0, 80)}`), true);
    addEventListener("load", () => log("load"));
  });
  await signInWithLink(page, staffAccounts.guestDoorStaff[0], checkIn);
  await openAsAPerson(page, checkIn);
  await page.locator("summary", { hasText: "Add a walk-in" }).click();
  await page.waitForTimeout(3000);
  const open = await page.locator("details", { has: page.locator("summary", { hasText: "Add a walk-in" }) }).evaluate((d) => (d as HTMLDetailsElement).open);
  const log = await page.evaluate(() => (window as unknown as { __log: string[] }).__log);
  console.log(`--- open=${open}\n${log.join("\n")}`);
  if (!open) throw new Error("closed");
});

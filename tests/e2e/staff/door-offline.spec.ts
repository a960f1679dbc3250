import type { Browser, BrowserContext, Page } from "@playwright/test";
import { expect as baseExpect, test } from "../support/hydration";
import { staffAccounts } from "../support/accounts";
import { signIn } from "../support/auth";
import { siteUrl } from "../support/ports";
import { createPublishedEvent } from "../support/staff-events";
import type { DoorList } from "#app/modules/reservations";

/**
 * The door without signal (issue 38): two phones (two browser contexts) lose the network, check
 * in thirty guests and a walk-in each, the same two-seat ticket on both, then get it back. Both
 * sync, and the server and both phones agree: every arrival once, the shared ticket once, with
 * whoever checked it in first.
 */
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 30_000 });
let sequence = 0;

async function doorEvent(browser: Browser, admin: string, guests: Array<[name: string, seats: number]>) {
  sequence += 1;
  const title = `Offline Door ${Date.now().toString(36)}${process.pid}${sequence}`;
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, admin, "/admin/eventmanagement");
  const { id } = await createPublishedEvent(page.request, { title, date: "2032-07-09", time: `19:${String(sequence % 60).padStart(2, "0")}`, maxSeats: "40" });
  const checkIn = `/admin/eventreservations/${id}/check-in`;
  for (const [name, seats] of guests) {
    const added = await page.request.post(checkIn, { headers: { Origin: siteUrl }, form: { intent: "add-guest", eventId: id, name, email: "", phone: "", seats: String(seats) } });
    expect(added.status(), `adding ${name}`).toBe(200);
  }
  return { id, title, checkIn, admin: context };
}

const guestRow = (page: Page, name: string) => page.getByRole("listitem", { name, exact: true });
const status = (page: Page) => page.getByTestId("door-status");

async function walkIn(page: Page, name: string, seats: number) {
  await page.locator("summary").filter({ hasText: "Add a walk-in" }).click();
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Add a walk-in" }) });
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Seats").fill(String(seats));
  await form.getByRole("button", { name: "Add a walk-in" }).click();
  await expect(guestRow(page, name)).toBeVisible();
}

test("two phones check in offline, the same ticket on both, and converge with the server when the signal returns", async ({ browser }) => {
  const others = Array.from({ length: 29 }, (_, index) => `Guest ${String(index + 1).padStart(2, "0")}`);
  const event = await doorEvent(browser, staffAccounts.doorPhoneAdmins[0]!, [["Ada Lovelace", 2], ...others.map((name) => [name, 1] as [string, number])]);
  const phones: Array<{ context: BrowserContext; page: Page }> = [];
  for (const usher of [staffAccounts.doorPhones[0]!, staffAccounts.doorPhones[1]!]) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, usher, event.checkIn);
    // The list is on the phone once the server has answered it.
    await expect(status(page)).toHaveText(/^All saved/);
    phones.push({ context, page });
  }
  const [first, second] = phones as [(typeof phones)[0], (typeof phones)[0]];

  for (const phone of phones) await phone.context.setOffline(true);
  for (const phone of phones) await expect(status(phone.page)).toHaveText(/^Offline — nothing waiting/);

  // The shared ticket: checked in on the first phone, then on the second.
  await guestRow(first.page, "Ada Lovelace").getByRole("button", { name: "Mark all 2 seats arrived" }).click();
  await guestRow(second.page, "Ada Lovelace").getByRole("button", { name: "Mark all 2 seats arrived" }).click();
  for (const [index, name] of others.entries()) {
    const phone = index < 15 ? first : second;
    await guestRow(phone.page, name).getByRole("button", { name: "Mark 1 seat arrived" }).click();
  }
  await walkIn(first.page, "Walk-in Alpha", 1);
  await walkIn(second.page, "Walk-in Beta", 2);
  await expect(status(first.page)).toHaveText("Offline — 17 check-ins waiting");
  await expect(status(second.page)).toHaveText("Offline — 16 check-ins waiting");
  await expect(guestRow(first.page, "Guest 01")).toContainText("1 of 1 seat arrived");

  for (const phone of phones) await phone.context.setOffline(false);
  for (const phone of phones) {
    await expect(status(phone.page)).toHaveText(/^All saved/);
    // 29 single seats, Ada's two, the walk-ins' one and two: 34 seats of 32 guests, each once.
    await expect(phone.page.getByRole("definition").first()).toHaveText("34 / 34");
    await expect(phone.page.getByRole("definition").nth(1)).toHaveText("32 / 32");
  }

  const answer = await event.admin.request.get(`/api/check-in/${event.id}`);
  expect(answer.status()).toBe(200);
  const list = (await answer.json()) as DoorList;
  expect(list.guests).toHaveLength(32);
  expect(list.guests.filter((guest) => guest.arrivedSeats !== guest.seats)).toEqual([]);
  expect(list.guests.filter((guest) => guest.name.startsWith("Walk-in")).map((guest) => [guest.name, guest.seats])).toEqual([
    ["Walk-in Alpha", 1],
    ["Walk-in Beta", 2],
  ]);
  const ada = list.guests.find((guest) => guest.name === "Ada Lovelace")!;
  expect(ada).toMatchObject({ seats: 2, arrivedSeats: 2, firstArrival: { by: staffAccounts.doorPhones[0] } });
  await Promise.all([...phones.map((phone) => phone.context.close()), event.admin.close()]);
});

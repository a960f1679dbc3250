import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect as baseExpect, type Page } from "@playwright/test";
import { test } from "../support/hydration";
import { staffAccounts } from "../support/accounts";
import { signInWithLink } from "../support/auth";
import { mailTo } from "../support/mail";
import { siteUrl } from "../support/ports";
import { createPublishedEvent } from "../support/staff-events";
import { onBothDatabases } from "../support/tags";

/**
 * The reservations page in the browser: no form to create events (admins find Events → New event), the guest lists
 * collapsed by default and remembered per event across reloads, max seats refused below the
 * seats taken (the reason under the row), deleting a reservation and an event through the
 * dialogs by keyboard, the CSV export, the attendee mail reaching every holder, axe and a phone.
 * Each test signs in with its own account and works on events it creates.
 */

const PAGE = "/admin/eventreservations";
test.describe.configure({ timeout: 150_000 });
const expect = baseExpect.configure({ timeout: 25_000 });
let sequence = 0;

function uniqueName(label: string): string {
  sequence += 1;
  return `${label} ${Date.now().toString(36)}${process.pid}${sequence}`;
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]).analyze();
  expect(results.violations.map((violation) => ({ id: violation.id, nodes: violation.nodes.map((node) => node.target.join(" ")) }))).toEqual([]);
}

const group = (page: Page, name: string) => page.getByRole("rowgroup", { name, exact: true });
const seatFigures = (page: Page, name: string) => group(page, name).getByTestId("seat-figures");

/** A published event made on the events page (the no-JavaScript path), with guests reserved on its public page's form. */
async function seedEvent(page: Page, name: string, maxSeats: string, guests: Array<[string, string, number]> = []): Promise<string> {
  sequence += 1;
  const { href } = await createPublishedEvent(page.request, { title: name, date: "2032-06-12", time: `20:${String(sequence % 60).padStart(2, "0")}`, maxSeats });
  for (const [guestName, email, seats] of guests) {
    const reserved = await page.request.post(`${href}/reserve`, { headers: { Origin: siteUrl }, form: { name: guestName, email, phone: "", seats: String(seats) } });
    expect(reserved.status()).toBe(200);
  }
  await page.goto(PAGE);
  return href;
}

test("creates no events itself: 'New event' leads to the events page's form (taking reservations, 50 seats), which starts a draft; the page passes axe", async ({ page }) => {
  await signInWithLink(page, staffAccounts.reservations[0]!, PAGE);
  await expect(page.getByRole("link", { name: "← Back to the dashboard" })).toHaveAttribute("href", "/admin");
  await expect(page.getByRole("button", { name: "Create event" })).toHaveCount(0);
  const name = uniqueName("Linked Draft");
  await seedEvent(page, name, "50");
  await expect(seatFigures(page, name)).toHaveText("0 taken / 50 max / 50 left");
  await expectNoAxeViolations(page);

  await page.getByRole("link", { name: "New event" }).click();
  await expect(page).toHaveURL(/\/admin\/eventmanagement\?new=1&reservations=1$/);
  await expect(page.getByRole("heading", { name: "New event" })).toBeVisible();
  // The spec's reservations page made events of 50 seats: the form arrives taking reservations, with 50.
  await expect(page.getByRole("checkbox", { name: "Takes reservations on this site" })).toBeChecked();
  await expect(page.getByLabel("Max seats")).toHaveValue("50");
  await expect(page.getByText("A new event starts as a draft")).toBeVisible();
});

test("guest lists start collapsed and stay open or closed per event across reloads", async ({ page }) => {
  await signInWithLink(page, staffAccounts.reservations[1]!, PAGE);
  const first = uniqueName("Remember Open");
  const second = uniqueName("Stay Closed");
  await seedEvent(page, first, "10", [["Opal Guest", "opal-remember@example.com", 1]]);
  await seedEvent(page, second, "10", [["Quinn Guest", "quinn-remember@example.com", 1]]);

  await expect(group(page, first).getByRole("cell", { name: "Opal Guest", exact: true })).toBeHidden();
  await group(page, first).getByText(/^Guests: /).click();
  await expect(group(page, first).getByRole("cell", { name: "Opal Guest", exact: true })).toBeVisible();

  // Open from the first paint, before any of the page's JavaScript runs: with the bundles blocked
  // (no hydration, no effect), the inline script alone opens it, so hydration has nothing to move.
  await page.route("**/assets/**/*.js", (route) => route.abort());
  await page.goto(PAGE, { waitUntil: "load" });
  expect(await page.evaluate((name) => document.querySelector<HTMLDetailsElement>(`tbody[aria-label="${name}"] details[data-remember-open]`)?.open, first)).toBe(true);
  expect(await page.evaluate((name) => document.querySelector<HTMLDetailsElement>(`tbody[aria-label="${name}"] details[data-remember-open]`)?.open, second)).toBe(false);
  // Not hydrated indeed: the delete button is still its no-JavaScript disclosure.
  await expect(group(page, first).locator("summary", { hasText: "Delete event" })).toHaveCount(1);
  await page.unroute("**/assets/**/*.js");

  await page.reload();
  await expect(group(page, first).getByRole("cell", { name: "Opal Guest", exact: true })).toBeVisible();
  await expect(group(page, second).getByRole("cell", { name: "Quinn Guest", exact: true })).toBeHidden();

  await group(page, first).getByText(/^Guests: /).click();
  await expect(group(page, first).getByRole("cell", { name: "Opal Guest", exact: true })).toBeHidden();
  await page.reload();
  await expect(group(page, first).getByText(/^Guests: /)).toBeVisible();
  await expect(group(page, first).getByRole("cell", { name: "Opal Guest", exact: true })).toBeHidden();
});

test("refuses max seats below the seats taken with the reason under the row", onBothDatabases, async ({ page }) => {
  await signInWithLink(page, staffAccounts.reservations[6]!, PAGE);
  const name = uniqueName("Tight Room");
  await seedEvent(page, name, "10", [["Rae Guest", "rae-seats@example.com", 3]]);
  await expect(seatFigures(page, name)).toHaveText("3 taken / 10 max / 7 left");

  await group(page, name).getByLabel(`Max seats of ${name}`).fill("2");
  await group(page, name).getByRole("button", { name: "Save" }).click();
  const reason = group(page, name).getByRole("alert");
  await expect(reason).toContainText("Failed to update max seats: 3 seats are already taken: max seats cannot be lower than that");
  await expect(group(page, name).getByLabel(`Max seats of ${name}`)).toHaveAttribute("aria-invalid", "true");
  await expect(seatFigures(page, name)).toHaveText("3 taken / 10 max / 7 left");

  await group(page, name).getByLabel(`Max seats of ${name}`).fill("4");
  await group(page, name).getByRole("button", { name: "Save" }).click();
  await expect(seatFigures(page, name)).toHaveText("3 taken / 4 max / 1 left");
  await expect(reason).toBeHidden();
});

test("deletes a reservation and then the event through the dialogs, by keyboard", async ({ page }) => {
  await signInWithLink(page, staffAccounts.reservations[2]!, PAGE);
  const name = uniqueName("Keyboard Night");
  await seedEvent(page, name, "6", [
    ["Sam Guest", "sam-keys@example.com", 2],
    ["Tess Guest", "tess-keys@example.com", 1],
  ]);
  await expect(seatFigures(page, name)).toHaveText("3 taken / 6 max / 3 left");
  await group(page, name).getByText(/^Guests: /).click();

  await group(page, name).getByRole("button", { name: "Delete the reservation of Sam Guest" }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("alertdialog", { name: "Delete this reservation?" });
  await expect(dialog).toContainText("Sam Guest's 2 seats");
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Delete" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(seatFigures(page, name)).toHaveText("1 taken / 6 max / 5 left");
  await expect(group(page, name).getByRole("cell", { name: "Sam Guest", exact: true })).toBeHidden();

  await group(page, name).getByRole("button", { name: "Delete event" }).focus();
  await page.keyboard.press("Enter");
  const eventDialog = page.getByRole("alertdialog", { name: "Delete this event and its reservations?" });
  await expect(eventDialog).toContainText(`“${name}” and its 1 reservation will be deleted.`);
  await page.keyboard.press("Escape");
  await expect(eventDialog).toBeHidden();
  await expect(group(page, name).getByRole("button", { name: "Delete event" })).toBeFocused();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect(group(page, name)).toHaveCount(0);
  // The event's row is gone with its form; the notice still says what happened.
  await expect(page.getByText("Event deleted with its 1 reservation.")).toBeVisible();
});

test("exports an event's guest list as CSV", async ({ page }) => {
  await signInWithLink(page, staffAccounts.reservations[3]!, PAGE);
  const name = uniqueName("Export Night");
  const href = await seedEvent(page, name, "10", [["Uma Guest", "uma-export@example.com", 2]]);
  const download = page.waitForEvent("download");
  await group(page, name).getByRole("link", { name: "Export CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`guests-${href.replace("/events/", "")}.csv`);
  const csv = readFileSync((await file.path())!, "utf8").replace(/^\uFEFF/, "");
  expect(csv.split("\r\n")[0]).toBe("Name,Email,Phone,Seats,Arrived,Reserved at,Contribution,Expected,Paid,Refunded,Method");
  expect(csv).toContain("Uma Guest,uma-export@example.com,,2,");
  expect(csv).toContain(",Unpaid: $60 expected,$60,$0,$0,");
});

test("mails every reservation holder once, with a preview of the message", async ({ page }) => {
  await signInWithLink(page, staffAccounts.reservations[4]!, PAGE);
  const name = uniqueName("Mail Evening");
  const stamp = Date.now().toString(36);
  const guests = [`vera-${stamp}@example.com`, `walt-${stamp}@example.com`];
  await seedEvent(page, name, "10", [
    ["Vera Guest", guests[0]!, 1],
    ["Walt Guest", guests[1]!, 2],
  ]);
  await group(page, name).getByText(/^Guests: /).click();
  const subject = `Bring a cushion ${stamp}`;
  await group(page, name).getByLabel("Subject").fill(subject);
  await group(page, name).getByLabel("Message (plain text or Markdown)").fill("Please bring a **cushion**.");
  await expect(group(page, name).getByTestId("attendee-mail-preview").locator("strong")).toHaveText("cushion");
  await group(page, name).getByRole("button", { name: "Review and send" }).click();
  await expect(group(page, name).getByTestId("send-review-count")).toContainText("2 people");
  await group(page, name).getByRole("button", { name: "Send to 2 people" }).click();
  // The confirm button is gone with the review: the focus is back on the form's heading, the form empty.
  await expect(group(page, name).getByRole("heading", { name: "Send to event attendees" })).toBeFocused();
  await expect(group(page, name).getByLabel("Subject")).toHaveValue("");
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Announcement queued for 2 guests." }).first()).toBeVisible();
  for (const guest of guests) {
    await expect.poll(async () => (await mailTo(guest)).filter((mail) => mail.subject === subject).length, { timeout: 30_000 }).toBe(1);
  }
  await page.reload();
  await expect(page.getByRole("listitem", { name: `Campaign ${subject}` }).getByTestId("campaign-status")).toHaveText(/Sending|Completed/);
});

test("fits a 360 px phone and passes axe with a guest list open", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInWithLink(page, staffAccounts.reservations[5]!, PAGE);
  const name = uniqueName("Phone Evening");
  await seedEvent(page, name, "10", [["Xena Longname-Guest", "xena.with.a.rather.long.address@example.com", 2]]);
  await group(page, name).getByText(/^Guests: /).click();
  // On a phone the rows are cards (display: block), so they are found by their text, not as cells.
  await expect(group(page, name).getByText("Xena Longname-Guest", { exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoAxeViolations(page);
});

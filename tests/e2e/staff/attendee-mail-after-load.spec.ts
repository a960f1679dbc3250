import { expect as baseExpect, type Page } from "@playwright/test";
import { test } from "../support/hydration";
import { openAsAPerson, openBeforeHydration } from "../support/as-a-person";
import { staffAccounts } from "../support/accounts";
import { signInWithLink } from "../support/auth";
import { siteUrl } from "../support/ports";
import { createPublishedEvent } from "../support/staff-events";
import { onBothDatabases } from "../support/tags";

/**
 * Issue 35: on the reservations page, opening an event's guests and pressing the attendee mail's
 * 'Review and send' straight after load once showed nothing within 8 s (the form stayed filled, no
 * review, no error). The cause: when React took the page over, the message's preview appeared
 * *above* the button, moving it down by the preview's height; a press whose button-down came
 * before that and button-up after it ended on the preview, so no click reached the button.
 * Nothing on the page may move the button when the page hydrates; every press gets its review.
 */

test.describe.configure({ timeout: 150_000 });
const expect = baseExpect.configure({ timeout: 25_000 });
const PAGE = "/admin/eventreservations";
/** What the founder saw: nothing within 8 s. The review must come sooner. */
const REVIEW_WITHIN = 8_000;
let sequence = 0;

const widths = [
  { label: "1280 px", width: 1280, height: 900 },
  { label: "390 px", width: 390, height: 844 },
];

/** An event with two guests, reserved through the public form; its name. */
async function eventWithGuests(page: Page): Promise<string> {
  sequence += 1;
  const name = `Press Evening ${Date.now().toString(36)}${process.pid}${sequence}`;
  const { href } = await createPublishedEvent(page.request, { title: name, date: "2027-02-13", time: `19:${String(sequence % 60).padStart(2, "0")}`, maxSeats: "20" });
  for (const guest of ["Ines", "Olaf"]) {
    const reserved = await page.request.post(`${href}/reserve`, {
      headers: { Origin: siteUrl },
      form: { name: `${guest} Guest`, email: `${guest.toLowerCase()}-${Date.now().toString(36)}${sequence}@example.com`, phone: "", seats: "1" },
    });
    expect(reserved.status()).toBe(200);
  }
  return name;
}

for (const [index, size] of widths.entries()) {
  test(`at ${size.label}, a press begun before the page hydrates and released after it still opens the review`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await signInWithLink(page, staffAccounts.pastAdmins[index]!, PAGE);
    const name = await eventWithGuests(page);

    const { hydrate } = await openBeforeHydration(page, PAGE);
    const group = page.getByRole("rowgroup", { name, exact: true });
    await group.locator("summary").filter({ hasText: "Guests:" }).click();
    await group.getByLabel("Subject").fill("Doors at seven");
    await group.getByLabel("Message (plain text or Markdown)").fill("Dear {{name}}, the doors open at **seven**.");
    const button = group.getByRole("button", { name: "Review and send" });
    await button.scrollIntoViewIfNeeded();
    const before = (await button.boundingBox())!;
    // The finger goes down on the button before the scripts run, and comes up after React took over.
    await page.mouse.move(before.x + before.width / 2, before.y + before.height / 2);
    await page.mouse.down();
    await hydrate();
    // React has the page now, and what was typed shows its preview: the button has not moved.
    await expect(group.getByTestId("attendee-mail-preview").locator("strong")).toHaveText("seven");
    expect(await button.boundingBox()).toEqual(before);
    await page.mouse.up();
    await expect(group.getByRole("region", { name: "Check before sending" }).getByTestId("send-review-count")).toContainText("2 people", { timeout: REVIEW_WITHIN });
  });

  test(`at ${size.label}, Review and send pressed straight after load shows the review every time`, onBothDatabases, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await signInWithLink(page, staffAccounts.pastAdmins[index + 2]!, PAGE);
    const name = await eventWithGuests(page);

    await openAsAPerson(page, PAGE);
    const group = page.getByRole("rowgroup", { name, exact: true });
    await group.locator("summary").filter({ hasText: "Guests:" }).click();
    await group.getByLabel("Subject").fill("Doors at seven");
    await group.getByLabel("Message (plain text or Markdown)").fill("Dear {{name}}, the doors open at seven.");
    await group.getByRole("button", { name: "Review and send" }).click();
    const review = group.getByRole("region", { name: "Check before sending" });
    await expect(review.getByTestId("send-review-count")).toContainText("2 people", { timeout: REVIEW_WITHIN });
    await expect(review.getByRole("button", { name: "Send to 2 people" })).toBeVisible();
  });
}

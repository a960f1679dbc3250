import AxeBuilder from "@axe-core/playwright";
import { expect as baseExpect, type Page } from "@playwright/test";
import { test } from "../support/hydration";
import { openAsAPerson } from "../support/as-a-person";
import { staffAccounts } from "../support/accounts";
import { signInWithLink } from "../support/auth";
import { mailTo } from "../support/mail";
import { siteUrl } from "../support/ports";
import { createPublishedEvent } from "../support/staff-events";
import { textEventGuests } from "../support/staff-forms";
import { onBothDatabases } from "../support/tags";

/**
 * The review before a mass send, as the founder meets it (docs/decisions/042): the first press
 * shows how many people get it, who is left out and why, and one real recipient's copy; only
 * 'Send to N people' sends; the form is empty afterwards; the same send again within 10 minutes
 * is asked again with a warning. Acted straight after load, at a desk and on a phone.
 */

test.describe.configure({ timeout: 150_000 });
const expect = baseExpect.configure({ timeout: 25_000 });
const PAGE = "/admin/eventreservations";
let sequence = 0;

const widths = [
  { label: "1280 px", width: 1280, height: 900 },
  { label: "390 px", width: 390, height: 844 },
];

/**
 * The page around the review; the sample e-mail's frame is left out: it is the e-mail's own document,
 * sandboxed without scripts, where axe's script cannot run (it waits for it until the test times out).
 */
async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .exclude("iframe[title^='Sample e-mail']").withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]).analyze();
  expect(results.violations.map((violation) => ({ id: violation.id, nodes: violation.nodes.map((node) => node.target.join(" ")) }))).toEqual([]);
}

/** An event made the one way (Events → New event, Publish; decision 041), its guests reserved through the public form. */
async function eventWithGuests(page: Page, label: string, guests: Array<{ name: string; email: string; phone?: string }>): Promise<string> {
  sequence += 1;
  const name = `${label} ${Date.now().toString(36)}${process.pid}${sequence}`;
  const { href } = await createPublishedEvent(page.request, { title: name, date: "2027-01-09", time: `19:${String(sequence % 60).padStart(2, "0")}`, maxSeats: "20" });
  for (const guest of guests) {
    const reserved = await page.request.post(`${href}/reserve`, { headers: { Origin: siteUrl }, form: { name: guest.name, email: guest.email, phone: guest.phone ?? "", seats: "1" } });
    expect(reserved.status()).toBe(200);
  }
  return name;
}

for (const [index, size] of widths.entries()) {
  test(`attendee mail at ${size.label}: the review shows the count and a guest's copy, 'Send to 2 people' mails exactly them, the form is emptied, and the same mail again warns`, size.width === 1280 ? onBothDatabases : {}, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await signInWithLink(page, staffAccounts.sends[index]!, PAGE);
    const stamp = `${Date.now().toString(36)}${index}`;
    const guests = [`rhea-${stamp}@example.com`, `sol-${stamp}@example.com`];
    const name = await eventWithGuests(page, "Review Evening", [
      { name: "Rhea Guest", email: guests[0]! },
      { name: "Sol Guest", email: guests[1]! },
    ]);
    const subject = `Doors at seven ${stamp}`;

    await openAsAPerson(page, PAGE);
    const group = page.getByRole("rowgroup", { name, exact: true });
    await group.locator("summary").filter({ hasText: "Guests:" }).click();
    await group.getByLabel("Subject").fill(subject);
    await group.getByLabel("Message (plain text or Markdown)").fill("Dear {{name}}, the doors open at **seven**.");
    await group.getByRole("button", { name: "Review and send" }).click();

    const review = group.getByRole("region", { name: "Check before sending" });
    await expect(review.getByTestId("send-review-count")).toContainText(`2 people: the guests of ${name}`);
    await expect(review.getByText("Nobody is left out.")).toBeVisible();
    const sample = review.frameLocator(`iframe[title="Sample e-mail for Rhea Guest (${guests[0]})"]`);
    await expect(sample.getByText(/Dear Rhea,? the doors open at/)).toBeVisible();
    await expect(sample.locator("strong")).toHaveText("seven");
    // Nothing has gone yet: each guest has only their reservation's confirmation.
    for (const guest of guests) expect((await mailTo(guest)).filter((mail) => mail.subject === subject)).toHaveLength(0);
    await expectNoAxeViolations(page);

    await review.getByRole("button", { name: "Send to 2 people" }).click();
    for (const guest of guests) {
      await expect.poll(async () => (await mailTo(guest)).filter((mail) => mail.subject === subject).length, { timeout: 30_000 }).toBe(1);
    }
    await expect(group.getByLabel("Subject")).toHaveValue("");
    await expect(group.getByLabel("Message (plain text or Markdown)")).toHaveValue("");
    // Its progress, in the campaigns below, named after the event.
    await expect(page.getByRole("listitem", { name: `Campaign ${subject}` }).getByTestId("campaign-status")).toHaveText(/Sending|Completed/);

    // The same message to the same guests again: asked again, with the warning.
    await group.getByLabel("Subject").fill(subject);
    await group.getByLabel("Message (plain text or Markdown)").fill("Dear {{name}}, the doors open at **seven**.");
    await group.getByRole("button", { name: "Review and send" }).click();
    await expect(review.getByRole("alert")).toContainText(/You sent this same message to these people (less than a minute|\d+ minutes?) ago/);
    await expect(review.getByRole("button", { name: "Send again to 2 people" })).toBeVisible();
    await review.getByRole("button", { name: "Change" }).click();
    await expect(group.getByLabel("Subject")).toHaveValue(subject);
    await page.waitForTimeout(1000);
    for (const guest of guests) expect((await mailTo(guest)).filter((mail) => mail.subject === subject)).toHaveLength(1);
  });

  test(`group text at ${size.label}: the review names the guests left out for want of SMS consent or a phone`, size.width === 1280 ? onBothDatabases : {}, async ({ page, request }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    const stamp = `${Date.now().toString(36)}${index}`;
    const digits = String((Date.now() + index * 7) % 10_000).padStart(4, "0");
    // Cora joined the community with her number (consent); Nell reserved with a number but never agreed to texts; Pia gave no phone.
    const joined = await request.post("/join", {
      form: { intent: "join", name: "Cora Consent", email: `cora-${stamp}@example.com`, phone: `+1619556${digits}`, interest: "piano", consent: "on", emailConsent: "on", smsConsent: "on", source: "join" },
    });
    expect(joined.ok()).toBe(true);
    await signInWithLink(page, staffAccounts.sends[index + 2]!, PAGE);
    const name = await eventWithGuests(page, "Text Evening", [
      { name: "Cora Consent", email: `cora-${stamp}@example.com`, phone: `+1619556${digits}` },
      { name: "Nell Noconsent", email: `nell-${stamp}@example.com`, phone: `+1619557${digits}` },
      { name: "Pia Nophone", email: `pia-${stamp}@example.com` },
    ]);

    await openAsAPerson(page, "/admin/communications");
    await textEventGuests(page, name, "Hi {name}, the doors open at seven");

    const review = page.getByRole("region", { name: "Check before sending" });
    await expect(review.getByTestId("send-review-count")).toContainText(`1 person: the guests of ${name}`);
    const leftOut = review.getByTestId("send-review-left-out");
    await expect(leftOut).toContainText(`No SMS consent (1 person): Nell Noconsent (nell-${stamp}@example.com)`);
    await expect(leftOut).toContainText(`Gave no phone number (1 person): Pia Nophone (pia-${stamp}@example.com)`);
    await expect(review.getByTestId("send-review-text")).toHaveText("Hi Cora, the doors open at seven\nReply STOP to opt out");
    await expectNoAxeViolations(page);
    // 'Change' keeps the text typed.
    await review.getByRole("button", { name: "Change" }).click();
    await expect(page.getByRole("form", { name: "Text a group" }).getByLabel("Text", { exact: true })).toHaveValue("Hi {name}, the doors open at seven");
  });
}

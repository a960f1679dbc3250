import { expect as baseExpect } from "@playwright/test";
import { test } from "../support/hydration";
import { staffAccounts } from "../support/accounts";
import { signInWithLink } from "../support/auth";
import { mailTo } from "../support/mail";
import { siteUrl } from "../support/ports";
import { createPublishedEvent } from "../support/staff-events";
import { textEventGuests } from "../support/staff-forms";

/**
 * The review before a mass send in a browser without JavaScript (docs/decisions/042): the first
 * press answers with the review page (nothing sent), its 'Send to N people' sends, the page says so
 * and the form is empty.
 */

test.describe.configure({ timeout: 150_000 });
const expect = baseExpect.configure({ timeout: 25_000 });
const PAGE = "/admin/eventreservations";

test("mailing an event's guests: review, then confirm, without JavaScript", async ({ page }) => {
  await signInWithLink(page, staffAccounts.sends[6]!, PAGE);
  const stamp = Date.now().toString(36);
  const name = `Plain Review ${stamp}`;
  const { href } = await createPublishedEvent(page.request, { title: name, date: "2027-01-16", time: "18:30", maxSeats: "20" });
  const guest = `tam-${stamp}@example.com`;
  expect((await page.request.post(`${href}/reserve`, { headers: { Origin: siteUrl }, form: { name: "Tam Plain", email: guest, phone: "", seats: "1" } })).status()).toBe(200);

  await page.goto(PAGE);
  const group = page.getByRole("rowgroup", { name, exact: true });
  await group.locator("summary").filter({ hasText: "Guests:" }).click();
  const subject = `Plain words ${stamp}`;
  await group.getByLabel("Subject").fill(subject);
  await group.getByLabel("Message (plain text or Markdown)").fill("Dear {{name}}, see you soon.");
  await group.getByRole("button", { name: "Review and send" }).click();

  const review = page.getByRole("region", { name: "Check before sending" });
  await expect(review.getByTestId("send-review-count")).toContainText(`1 person: the guests of ${name}`);
  await expect(review.frameLocator('iframe[title^="Sample e-mail for Tam Plain"]').getByText("Dear Tam, see you soon.")).toBeVisible();
  expect((await mailTo(guest)).filter((mail) => mail.subject === subject)).toHaveLength(0);
  await review.getByRole("button", { name: "Send to 1 person" }).click();

  await expect.poll(async () => (await mailTo(guest)).filter((mail) => mail.subject === subject).length, { timeout: 30_000 }).toBe(1);
  const row = page.getByRole("rowgroup", { name, exact: true });
  await expect(row.getByLabel("Subject")).toHaveValue("");
  await expect(page.getByRole("listitem", { name: `Campaign ${subject}` })).toBeVisible();
});

test("a group text's review, without JavaScript, shows once: in the texts section, not in the e-mail composer too", async ({ page }) => {
  await signInWithLink(page, staffAccounts.sends[5]!, "/admin/communications");
  const stamp = Date.now().toString(36);
  const name = `Plain Texts ${stamp}`;
  const { href } = await createPublishedEvent(page.request, { title: name, date: "2027-01-17", time: "18:30", maxSeats: "20" });
  const digits = String(Date.now() % 10_000).padStart(4, "0");
  const form = { name: "Una Plain", email: `una-${stamp}@example.com`, phone: `+1619558${digits}`, seats: "1", smsConsent: "on" };
  expect((await page.request.post(`${href}/reserve`, { headers: { Origin: siteUrl }, form })).status()).toBe(200);

  await page.goto("/admin/communications");
  await textEventGuests(page, name, "Hi {name}, the doors open at seven");

  const reviews = page.getByRole("region", { name: "Check before sending" });
  await expect(reviews).toHaveCount(1);
  await expect(page.getByRole("region", { name: "Text messages" }).getByTestId("send-review-count")).toContainText(`1 person: the guests of ${name}`);
});

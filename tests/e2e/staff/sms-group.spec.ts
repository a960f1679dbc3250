import AxeBuilder from "@axe-core/playwright";
import { expect, type APIRequestContext } from "@playwright/test";
import { test } from "../support/hydration";
import { staffAccounts } from "../support/accounts";
import { signInWithLink } from "../support/auth";
import { onBothDatabases } from "../support/tags";

/**
 * A group text in the browser: compose it, see who is skipped and why, the progress and each
 * recipient's result, and the quiet-hours choice when the venue's clock is outside 10am–8pm.
 * Without Twilio settings the e2e server delivers texts to its dev mailbox, like any install.
 */
test.describe.configure({ timeout: 90_000 });

async function joinCommunity(request: APIRequestContext, person: { name: string; email: string; phone: string }) {
  const response = await request.post("/join", {
    form: { intent: "join", name: person.name, email: person.email, phone: person.phone, interest: "piano", consent: "on", emailConsent: "on", smsConsent: "on", source: "join" },
  });
  expect(response.ok()).toBe(true);
}

/** A number of this run, four digits from the clock, so reruns on one database meet no earlier counts. */
const numberOf = (offset: number) => `+1619555${String((Date.now() + offset) % 10_000).padStart(4, "0")}`;

test("compose a group text: a number at 4 texts this month is skipped with the reason, the others are sent, progress shown; axe", onBothDatabases, async ({ page, request }) => {
  const stamp = Date.now().toString(36);
  const texted = { name: `Tessa Group${stamp}`, email: `sms-group-a-${stamp}@example.com`, phone: numberOf(0) };
  const busy = { name: `Bruno Group${stamp}`, email: `sms-group-b-${stamp}@example.com`, phone: numberOf(5000) };
  for (const person of [texted, busy]) await joinCommunity(request, person);

  await signInWithLink(page, staffAccounts.communications[10]!, "/admin/communications");
  // Four texts this month to one number, through the staff endpoint (same session).
  for (let index = 0; index < 4; index += 1) {
    const single = await page.request.post("/api/sendMagicLinksToCommunity", { data: { phone: busy.phone, message: `Note ${index}`, campaign: "general" } });
    expect(single.ok()).toBe(true);
  }
  await page.reload();

  const form = page.getByRole("form", { name: "Text a group" });
  await expect(form.getByTestId("sms-community-summary")).toContainText("already had 4 texts this month: reported as skipped, never texted.");
  await form.getByRole("radio", { name: /Everyone with SMS consent/ }).check();
  await form.getByLabel("Kind of text").selectOption("general");
  await form.getByLabel("Text", { exact: true }).fill("Hi {name}, the winter circle opens Sunday");
  await expect(form.getByText(/characters · 1 segment \(GSM-7\)/)).toBeVisible();

  // Outside 10am–8pm at the venue the form offers the next 10:00 (the default) or 'Send now'.
  const quietHours = form.getByRole("group", { name: "Quiet hours" });
  if (await quietHours.isVisible()) {
    await expect(quietHours.getByRole("radio", { name: /^Schedule for 10:00 AM, .* \(venue time\)$/ })).toBeChecked();
    await quietHours.getByRole("radio", { name: "Send now" }).check();
  } else {
    await expect(form.getByRole("radio", { name: "Send now" })).toHaveCount(0);
  }
  await form.getByRole("button", { name: "Review and send" }).click();
  const review = page.getByRole("region", { name: "Check before sending" });
  await expect(review.getByTestId("send-review-left-out")).toContainText(`Bruno Group${stamp} (${busy.phone})`);
  await expect(review.getByTestId("send-review-text")).toContainText("the winter circle opens Sunday\nReply STOP to opt out");
  await review.getByRole("button", { name: /^Send to \d+ (person|people)$/ }).click();
  await expect(page.getByRole("heading", { name: "Text a group" })).toBeFocused();
  await expect(form.getByLabel("Text", { exact: true })).toHaveValue("");
  await expect(form.getByRole("status")).toHaveText(/^Texting \d+ numbers? \(\d+ skipped\)\.$/);

  const campaign = page.getByRole("listitem", { name: "Campaign Text to everyone with SMS consent" }).first();
  await expect(campaign.getByTestId("campaign-status")).toHaveText(/Sending|Completed/);
  // The page follows the send by itself while it is in progress; look again once it has finished.
  await expect(async () => {
    await page.reload();
    await expect(campaign.getByTestId("campaign-status")).toHaveText("Completed", { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(campaign.getByRole("progressbar", { name: "Sent or failed" })).toHaveAttribute("aria-valuenow", "100");
  await expect(campaign.getByTestId("campaign-counts")).toContainText("Queued0");

  const results = campaign.getByRole("table", { name: "Recipients of Text to everyone with SMS consent" });
  await campaign.getByText(/^Recipients and results/).click();
  await expect(results.getByRole("row").filter({ hasText: busy.phone })).toContainText("Skipped");
  await expect(results.getByRole("row").filter({ hasText: busy.phone })).toContainText("Already received 4 texts this month");
  await expect(results.getByRole("row").filter({ hasText: texted.phone })).toContainText("Sent");

  // Scrolled, the page's content passes under the fixed header: on staff pages it stays opaque, so its links keep their contrast.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21aa", "best-practice"]).analyze();
  expect(axe.violations).toEqual([]);
});

test("the group form's checks: no text answers under the field and keeps the choice; at 360 px nothing scrolls sideways", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await signInWithLink(page, staffAccounts.communications[11]!, "/admin/communications");
  const form = page.getByRole("form", { name: "Text a group" });
  await form.getByRole("radio", { name: /Everyone with SMS consent/ }).check();
  await form.getByLabel("Kind of text").selectOption("custom");
  await form.getByRole("button", { name: "Review and send" }).click();
  await expect(form.locator("#sms-group-message-error")).toHaveText("Message is required");
  await expect(form.getByLabel("Text", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("Kind of text")).toHaveValue("custom");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

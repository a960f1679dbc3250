import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect as baseExpect, type APIRequestContext } from "@playwright/test";
import { test } from "../support/hydration";
import { openAsAPerson } from "../support/as-a-person";
import { staffAccounts } from "../support/accounts";
import { signInWithLink } from "../support/auth";
import { refuseMail, waitForMail } from "../support/mail";
import { onBothDatabases } from "../support/tags";

/**
 * Each recipient's result of an e-mail campaign, as the founder reads it: who got it, who did not
 * and the mail server's reason, searchable, and the same as a CSV download.
 */

test.describe.configure({ timeout: 150_000 });
const expect = baseExpect.configure({ timeout: 25_000 });

async function joinCommunity(request: APIRequestContext, person: { name: string; email: string }) {
  const response = await request.post("/join", { form: { intent: "join", name: person.name, email: person.email, interest: "piano", consent: "on", emailConsent: "on", source: "join" } });
  expect(response.ok()).toBe(true);
}

test("a failed recipient shows the mail server's reason; search narrows; the CSV downloads; axe at 1280 and 390 px", onBothDatabases, async ({ page, request }) => {
  const stamp = Date.now().toString(36);
  const kept = { name: `Kit Results${stamp}`, email: `results-kit-${stamp}@example.com` };
  const refused = { name: `Rex Results${stamp}`, email: `results-rex-${stamp}@example.com` };
  for (const person of [kept, refused]) await joinCommunity(request, person);
  // The welcome reaches both; from now on Rex's mailbox refuses, as a mistyped address would.
  await waitForMail(refused.email, 1);
  await refuseMail(refused.email, 550, "5.1.1 Mailbox unavailable");

  await signInWithLink(page, staffAccounts.sends[7]!, "/admin/communications");
  await openAsAPerson(page, `/admin/communications?q=${stamp}`);
  for (const person of [kept, refused]) await page.getByRole("checkbox", { name: `Select ${person.name} (${person.email})` }).check();
  const subject = `Results night ${stamp}`;
  await page.getByLabel("Subject").fill(subject);
  await page.getByLabel(/^Message/).fill("Hi {{name}}: {{link}}");
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await page.getByRole("button", { name: "Send to 2 people" }).click();
  await waitForMail(kept.email, 2);

  await page.getByRole("link", { name: `Each recipient's result: ${subject}` }).click();
  await expect(page.getByRole("heading", { name: `Results of ${subject}` })).toBeVisible();
  const table = page.getByRole("table", { name: `Recipients of ${subject}` });
  await expect(async () => {
    await page.reload();
    await expect(table.getByRole("row").filter({ hasText: refused.email }).getByTestId("recipient-result")).toHaveText("Failed", { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(table.getByRole("row").filter({ hasText: refused.email })).toContainText("Mailbox unavailable");
  await expect(table.getByRole("row").filter({ hasText: kept.email }).getByTestId("recipient-result")).toHaveText("Sent");

  await page.getByLabel("Name or e-mail").fill(`Rex Results${stamp}`);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("status").filter({ hasText: "match" })).toHaveText(`1 of 2 match “Rex Results${stamp}”.`);
  await expect(table.getByRole("row").filter({ hasText: kept.email })).toHaveCount(0);

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`results-results-night-${stamp}.csv`);
  const csv = readFileSync((await file.path())!, "utf8").replace(/^\uFEFF/, "");
  expect(csv.split("\r\n")[0]).toBe("Name,Email,Result,Reason,Sent at,Clicked at,Plays");
  expect(csv).toContain(`Rex Results${stamp},${refused.email},Failed,`);
  expect(csv).toContain("Mailbox unavailable");
  expect(csv).not.toContain(kept.email);

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]).analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
});

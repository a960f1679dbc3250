import { createHmac } from "node:crypto";
import { expect as baseExpect } from "@playwright/test";
import { test } from "../support/hydration";
import { staffAccounts } from "../support/accounts";
import { signInWithLink } from "../support/auth";

/**
 * The suppression list in a browser without JavaScript: a bounce recorded through the signed hook
 * shows on Communications → Deliverability, and Remove from suppression (with its reason) is a
 * plain form the server answers in words.
 */
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 25_000 });
const SECRET = "e2e-mail-events-secret-0123456789";

test("staff find a bounced address and remove it from suppression, saying why", async ({ page }) => {
  const address = `bounced-${Date.now().toString(36)}@recipient.example`;
  const body = JSON.stringify({ type: "bounce", email: address, permanent: true, reason: "550 5.1.1 The email account does not exist", at: new Date().toISOString() });
  const recorded = await page.request.post("/api/mail/events/generic", {
    headers: { "Content-Type": "application/json", "X-Signature": `sha256=${createHmac("sha256", SECRET).update(body).digest("hex")}` },
    data: body,
  });
  expect(recorded.status()).toBe(200);

  await signInWithLink(page, staffAccounts.deliverability[0]!, "/admin/communications");
  await page.goto("/admin/communications");
  await page.getByRole("link", { name: "The suppression list" }).click();
  await expect(page.getByRole("heading", { name: "Deliverability", level: 1 })).toBeVisible();
  await page.getByLabel("Address or provider's text").fill(address);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByTestId("suppressed-address")).toHaveText([address]);
  await expect(page.getByTestId("suppression-reason")).toHaveText(["hard bounce"]);
  await expect(page.getByText("550 5.1.1 The email account does not exist")).toBeVisible();

  await page.getByLabel("Why it may be mailed again").fill("The person gave us the right address");
  await page.getByRole("button", { name: "Remove from suppression" }).click();
  await expect(page.getByTestId("deliverability-answer")).toHaveText(`${address} was removed from the suppression list; bulk mail goes to it again.`);
  await page.goto(`/admin/communications/deliverability?q=${encodeURIComponent(address)}`);
  await expect(page.getByText("No suppressed address matches.")).toBeVisible();
});

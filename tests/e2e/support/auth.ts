import { expect, type Page } from "@playwright/test";
import { linkIn, mailTo, waitForMail } from "./mail";
import { siteUrl } from "./ports";

let sequence = 0;

/** A fresh address for one test, so tests never share an account or a rate limit. */
export function testEmail(prefix = "member"): string {
  sequence += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${sequence}@example.com`;
}

/**
 * Signs in the way a member does: asks for a sign-in link, takes it from the e-mail the site sent
 * over SMTP, opens it and presses the button. Leaves the page where the link leads (`next`).
 */
export async function signInWithLink(page: Page, email: string, next = "/welcome"): Promise<void> {
  const before = (await mailTo(email)).length;
  const response = await page.request.post("/api/auth/sign-in/magic-link", {
    data: { email, callbackURL: next },
    headers: { Origin: siteUrl },
  });
  expect(response.status()).toBe(200);
  const mail = await waitForMail(email, before + 1);
  await page.goto(linkIn(mail, "/login/link?"));
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL((url) => url.pathname === next.split("?")[0]);
}

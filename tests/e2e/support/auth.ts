import { expect, type Page } from "@playwright/test";
import { linkIn, mailTo, waitForMail } from "./mail";
import { sessionDoorUrl, siteUrl } from "./ports";

let sequence = 0;

/** A fresh address for one test, so tests never share an account or a rate limit. */
export function testEmail(prefix = "member"): string {
  sequence += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${sequence}@example.com`;
}

/**
 * Signs `email` in without an e-mail, for every test that is not about signing in: the site's own
 * auth makes the person (on a first sign-in, as a sign-in link does) and a session, and the page's
 * browser context gets the session cookie (support/session-door.js, docs/decisions/058). Opens
 * `next` and checks the page got there, as signing in by e-mail leaves it.
 */
export async function signIn(page: Page, email: string, next = "/welcome"): Promise<void> {
  // page.request shares the browser context's cookies: the answer's Set-Cookie signs the context in.
  const response = await page.request.post(`${sessionDoorUrl}/session`, { data: { email } });
  expect(response.status(), await response.text()).toBe(200);
  await page.goto(next);
  await expect(page).toHaveURL((url) => url.pathname === next.split("?")[0]);
}

/**
 * The name the specs have always used: since decision 058 it signs in without an e-mail, as
 * `signIn` does. A test about the e-mailed link itself calls `signInByMail`.
 */
export const signInWithLink = signIn;

/**
 * Signs in the way a member does: asks for a sign-in link, takes it from the e-mail the site sent
 * over SMTP, opens it and presses the button. Leaves the page where the link leads (`next`). For
 * the tests of signing in itself; everything else uses `signIn`.
 */
export async function signInByMail(page: Page, email: string, next = "/welcome"): Promise<void> {
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

import { expect, type Page } from "@playwright/test";
import { test } from "../support/hydration";
import { testEmail } from "../support/auth";
import { linkIn, waitForMail } from "../support/mail";
import { siteUrl } from "../support/ports";
import { fieldError } from "../support/form-errors";

/** The page's own content (the footer has an e-mail field and a status line of its own). */
const main = (page: Page) => page.getByRole("main");

/** The announced message of the page, success (status) or error (alert). */
const banner = (page: Page, role: "status" | "alert", text: string) => main(page).getByRole(role).filter({ hasText: text });

/** The login page, once its script runs (the form then says so in a hidden field). */
async function openLogin(page: Page, path = "/login") {
  await page.goto(path);
  await expect(page.locator('input[name="enhanced"]')).toBeAttached();
}

async function logIn(page: Page, email: string, password: string) {
  await main(page).getByLabel("Email address").fill(email);
  await main(page).getByLabel("Password", { exact: true }).fill(password);
  await main(page).getByRole("button", { name: "Log In", exact: true }).click();
}

/** A confirmed password account made over HTTP, for tests about what comes after. */
async function confirmedAccount(page: Page, password: string): Promise<string> {
  const email = testEmail("password");
  const response = await page.request.post("/signup", {
    form: { name: "Ann Lee", email, password, confirmPassword: password },
    headers: { Origin: siteUrl },
  });
  expect(response.status()).toBe(200);
  const confirmed = await page.request.get(linkIn(await waitForMail(email, 1), "/api/auth/verify-email?"));
  expect(confirmed.url()).toContain("/login?verified=1");
  return email;
}

test("password sign-up: confirmation e-mail, confirmed notice, log in, badge, logout", async ({ page }) => {
  const email = testEmail("signup");
  await page.goto("/login");
  await page.getByRole("link", { name: "Need an account? Sign Up" }).click();
  await expect(page).toHaveURL("/signup");

  await main(page).getByLabel("Name").fill("Ann Lee");
  await main(page).getByLabel("Email address").fill(email);
  await main(page).getByLabel("Password", { exact: true }).fill("calm waters");
  await main(page).getByLabel("Confirm password").fill("calm waters");
  await page.getByRole("button", { name: "Sign Up", exact: true }).click();
  await expect(banner(page, "status", "Almost there! We have e-mailed a link to confirm your address. Open it, then log in with your password.")).toBeVisible();

  await page.goto(linkIn(await waitForMail(email, 1), "/api/auth/verify-email?"));
  await expect(page).toHaveURL(/\/login\?verified=1$/);
  await expect(banner(page, "status", "Your e-mail address is confirmed. You can log in now.")).toBeVisible();

  await openLogin(page, "/login?verified=1");
  await logIn(page, email, "calm waters");
  await expect(banner(page, "status", "Login successful!")).toBeVisible();
  await expect(page).toHaveURL("/");
  await expect(page.getByText(email, { exact: true })).toBeVisible();

  await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByText(email, { exact: true })).toHaveCount(0);
});

test("forgot password: reset e-mail, new password with its checks, then only the new password works", async ({ page }) => {
  const email = await confirmedAccount(page, "old password");

  await openLogin(page);
  await main(page).getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Forgot password?" }).click();
  await expect(banner(page, "status", "If an account exists for that address, we have e-mailed a link to reset its password. It works for one hour.")).toBeVisible();

  await page.goto(linkIn(await waitForMail(email, 2), "/reset-password?token="));
  await expect(page.getByRole("heading", { name: "Set a New Password" })).toBeVisible();
  const newPassword = main(page).getByLabel("New password", { exact: true });
  const confirmation = main(page).getByLabel("Confirm new password");
  const update = page.getByRole("button", { name: "Update Password" });

  await newPassword.fill("short");
  await confirmation.fill("short");
  await update.click();
  await expect(fieldError(page, "Password must be at least 8 characters")).toBeVisible();
  await expect(newPassword).toHaveAttribute("aria-invalid", "true");
  await expect(newPassword).toBeFocused();

  await newPassword.fill("new password");
  await confirmation.fill("new passw0rd");
  await update.click();
  await expect(fieldError(page, "Passwords do not match")).toBeVisible();
  await expect(confirmation).toBeFocused();

  await confirmation.fill("new password");
  await update.click();
  await expect(banner(page, "status", "Password updated! You can now log in with your new password.")).toBeVisible();
  await expect(page).toHaveURL("/login");

  await openLogin(page);
  await logIn(page, email, "old password");
  await expect(banner(page, "alert", "Invalid email or password")).toBeVisible();
  await main(page).getByLabel("Password", { exact: true }).fill("new password");
  await page.getByRole("button", { name: "Log In", exact: true }).click();
  await expect(banner(page, "status", "Login successful!")).toBeVisible();
  await expect(page).toHaveURL("/");
  await expect(page.getByText(email, { exact: true })).toBeVisible();
});

test("a reset page opened without a valid link says how to get one", async ({ page }) => {
  await page.goto("/reset-password?token=not-a-real-token");
  await expect(page.getByText("open this page from the link in the password reset e-mail")).toBeVisible();
  await page.getByRole("link", { name: "Request a new link on the login page" }).click();
  await expect(page).toHaveURL("/login");
});

test("login page: a sign-in link needs the address first, then is sent", async ({ page }) => {
  const email = testEmail("link");
  await openLogin(page);
  const send = page.getByRole("button", { name: "Send me a sign-in link" });
  await send.click();
  await expect(fieldError(page, "Please enter your email address above first.")).toBeVisible();
  await expect(main(page).getByLabel("Email address")).toBeFocused();

  await main(page).getByLabel("Email address").fill(email);
  await send.click();
  await expect(banner(page, "status", "Sign-in link sent! Please check your inbox and click the link to access your account.")).toBeVisible();
  // No page named: the link leads on to the page of the person's role (a member's welcome page).
  expect(linkIn(await waitForMail(email, 1), "/login/link?")).toContain("next=%2Fsigned-in");
});

for (const path of ["/login", "/login?verified=1", "/signup", "/reset-password"]) {
  test(`${path} hydrates without errors`, async ({ page }) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    await page.goto(path, { waitUntil: "networkidle" });
    expect(errors).toEqual([]);
  });
}

import { expect } from "@playwright/test";
import { test } from "../support/hydration";
import { signInWithLink, testEmail } from "../support/auth";
import { linkIn, mailTo, waitForMail } from "../support/mail";

test("a member edits the profile: defaults first, then the saved values after a reload", async ({ page }) => {
  const email = testEmail("profile");
  await signInWithLink(page, email, "/profile");

  await expect(page.getByRole("heading", { name: "Your Profile" })).toBeVisible();
  // The footer has a newsletter e-mail field of its own.
  const emailField = page.getByRole("main").getByLabel("Email address");
  await expect(emailField).toHaveValue(email);
  await expect(emailField).toHaveAttribute("readonly", "");
  await expect(page.getByText("Email address cannot be changed")).toBeVisible();
  const duration = page.getByLabel("Preferred meditation duration");
  const time = page.getByLabel("Preferred time of day");
  const reminders = page.getByLabel("Send me meditation reminders");
  await expect(duration).toHaveValue("10");
  await expect(time).toHaveValue("morning");
  await expect(reminders).toBeChecked();
  await expect(page.getByRole("link", { name: "Admin", exact: true })).toHaveCount(0);

  await page.getByLabel("Full name").fill("Clara Wieck");
  await page.getByLabel("Bio").fill("Sunset listener, piano lover.");
  await duration.selectOption("20");
  await time.selectOption("evening");
  await reminders.uncheck();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Profile updated successfully!")).toBeVisible();

  await page.reload();
  await expect(page.getByLabel("Full name")).toHaveValue("Clara Wieck");
  await expect(page.getByLabel("Bio")).toHaveValue("Sunset listener, piano lover.");
  await expect(duration).toHaveValue("20");
  await expect(time).toHaveValue("evening");
  await expect(reminders).not.toBeChecked();
});

test("an admin sees the Admin button on the profile", async ({ page }) => {
  await signInWithLink(page, "admin@harmonia.example", "/profile");
  await expect(page.getByRole("link", { name: "Admin", exact: true })).toHaveAttribute("href", "/admin");
});

test("'Send Sign-in Link' e-mails the member a link back to the profile", async ({ page }) => {
  const email = testEmail("profile-link");
  await signInWithLink(page, email, "/profile");
  const before = (await mailTo(email)).length;
  await page.getByRole("button", { name: "Send Sign-in Link" }).click();
  await expect(
    page.getByText("Sign-in link sent! Check your inbox and click the link to access your account from any device."),
  ).toBeVisible();
  const link = new URL(linkIn(await waitForMail(email, before + 1), "/login/link?"));
  expect(link.searchParams.get("next")).toBe("/profile");
});

test("'Sign out of all devices' ends the session here and on the other device", async ({ page, browser }) => {
  const email = testEmail("profile-devices");
  const otherDevice = await browser.newContext();
  const otherPage = await otherDevice.newPage();
  try {
    await signInWithLink(otherPage, email, "/profile");
    await signInWithLink(page, email, "/profile");

    const sessions = page.getByRole("list", { name: "Active sessions" });
    await expect(sessions.getByRole("listitem")).toHaveCount(2);
    await expect(sessions.getByText("This device")).toHaveCount(1);

    await page.getByRole("button", { name: "Sign out of all devices" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/login");
    await page.goto("/profile");
    await expect(page).toHaveURL((url) => url.pathname === "/login");
    await otherPage.goto("/profile");
    await expect(otherPage).toHaveURL((url) => url.pathname === "/login");
  } finally {
    await otherDevice.close();
  }
});

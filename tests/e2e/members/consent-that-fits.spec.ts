import { expect, type Page } from "@playwright/test";
import { test } from "../support/hydration";
import { openAsAPerson } from "../support/as-a-person";
import { staffAccounts } from "../support/accounts";
import { signInWithLink, testEmail } from "../support/auth";
import { waitForMail } from "../support/mail";
import { siteUrl } from "../support/ports";
import { createPublishedEvent } from "../support/staff-events";

/*
 * Consent that fits each form (decision 054), as people meet it: the member's texts on the profile,
 * the staff's words for interests and campaign names, the reminders' button, the data download's
 * date, and the notice after deleting an account. Each test acts straight after the page loads.
 */

/** A US number of this run, so no two tests (or runs) share its STOP or its monthly count. */
const phoneOf = (seed: number) => `(619) 555-${String(1000 + ((Date.now() + seed * 7919) % 9000))}`;

const textsPanel = (page: Page) => page.getByRole("region", { name: "Text messages" });

test.describe("texts on the profile", () => {
  test("at 390 px: the member who agreed to texts on /join sees their phone and withdraws, then gives it again", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const email = testEmail("texts-join");
    const phone = phoneOf(1);
    const joined = await page.request.post("/join", {
      headers: { Origin: siteUrl },
      form: { intent: "join", name: "Tara Texts", email, phone, interest: "piano", consent: "on", smsConsent: "on", source: "join" },
    });
    expect(joined.status()).toBe(200);
    // The welcome's sign-in link arrives first, so the sign-in below takes its own.
    await waitForMail(email);
    await signInWithLink(page, email, "/profile");

    await openAsAPerson(page, "/profile");
    const panel = textsPanel(page);
    await expect(panel.getByTestId("texts-state")).toHaveText(`Your phone: ${phone}. Texts are on: we may text ${phone} about events, at most 4 a month.`);
    const box = panel.getByRole("checkbox", { name: /Text me about events/ });
    await expect(box).toBeChecked();
    await expect(panel.getByText("You can also reply STOP to any of our texts to stop them at once.")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await box.uncheck();
    await panel.getByRole("button", { name: "Save text preferences" }).click();
    await expect(page.getByText("Texts are off: we do not text you.").first()).toBeVisible();
    await expect(panel.getByTestId("texts-state")).toHaveText(`Your phone: ${phone}. Texts are off: we do not text you.`);

    await openAsAPerson(page, "/profile");
    await expect(box).not.toBeChecked();
    await box.check();
    await panel.getByRole("button", { name: "Save text preferences" }).click();
    await expect(panel.getByTestId("texts-state")).toHaveText(`Your phone: ${phone}. Texts are on: we may text ${phone} about events, at most 4 a month.`);
  });

  test("at 1280 px: a member without a phone ticks texts, is told to give the number, and gives it", async ({ page }) => {
    const email = testEmail("texts-profile");
    await signInWithLink(page, email, "/profile");
    await openAsAPerson(page, "/profile");
    const panel = textsPanel(page);
    await expect(panel.getByTestId("texts-state")).toHaveText("We have no phone number for you. Texts are off: we do not text you.");
    const phoneField = panel.getByRole("textbox", { name: "Phone" });
    const box = panel.getByRole("checkbox", { name: /Text me about events/ });
    await box.check();
    await panel.getByRole("button", { name: "Save text preferences" }).click();
    await expect(phoneField).toHaveAccessibleDescription("Please enter the phone number to text, or untick the text messages box.");
    await expect(box).toBeChecked();

    const phone = phoneOf(2);
    await phoneField.fill(phone);
    await panel.getByRole("button", { name: "Save text preferences" }).click();
    await expect(panel.getByTestId("texts-state")).toHaveText(`Your phone: ${phone}. Texts are on: we may text ${phone} about events, at most 4 a month.`);
    await expect(phoneField).toHaveValue(phone);
  });
});

test("the data download is named with the venue's date", async ({ page }) => {
  await signInWithLink(page, testEmail("download-date"), "/profile");
  await openAsAPerson(page, "/profile");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download my data" }).click()]);
  const venueDay = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Los_Angeles", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
  expect(download.suggestedFilename()).toBe(`harmonia-data-${venueDay}.json`);
});

test("after deleting the account the notice stays in view with the focus: the home page does not glide away from it", async ({ page }) => {
  // The page's clock is the test's: the home page's idle glide (1.2 s, then 2 s) is run through at once.
  await page.clock.install();
  await signInWithLink(page, testEmail("deleted-notice"), "/profile");
  await page.getByLabel("Type DELETE to confirm").fill("DELETE");
  await page.getByRole("button", { name: "Delete my account" }).click();
  await page.getByRole("alertdialog", { name: "Delete your account for good?" }).getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/" && url.searchParams.get("account") === "deleted");
  const notice = page.getByRole("status").filter({ hasText: "Your account and your data have been deleted." });
  await expect(notice).toBeFocused();
  await page.clock.runFor(6_000);
  await expect(notice).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test.describe("the staff's words", () => {
  test("Communications shows interests as words and leaves the campaign name empty, made from the subject", async ({ page }) => {
    const stamp = Date.now().toString(36);
    const email = `interest-words-${stamp}@example.com`;
    const joined = await page.request.post("/join", {
      headers: { Origin: siteUrl },
      form: { intent: "join", name: "Iris Interest", email, interest: "candlelight-yoga", consent: "on", source: "join" },
    });
    expect(joined.status()).toBe(200);
    await signInWithLink(page, staffAccounts.consent[1]!, "/admin/communications");
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await openAsAPerson(page, `/admin/communications?q=${stamp}`);
      // Below 640 px each person is a card, not a table row: found by the address either way.
      const row = page.locator("tr").filter({ hasText: email });
      await expect(row.getByText("Candlelight Yoga with Live Piano")).toBeVisible();
      await expect(row).not.toContainText("candlelight-yoga");
      await expect(page.getByLabel("Interest", { exact: true }).getByRole("option", { name: "Candlelight Yoga with Live Piano" })).toHaveCount(1);
      const name = page.getByLabel("Campaign name (carried by the links)");
      await expect(name).toHaveValue("");
      await expect(name).toHaveAccessibleDescription(/Left empty, it is made from the subject/);
    }
  });

  test("the reminders' button says what pressing it does, and does it", async ({ page }) => {
    await signInWithLink(page, staffAccounts.consent[2]!, "/admin/eventreservations");
    const title = `Reminder Words ${Date.now().toString(36)}`;
    await createPublishedEvent(page.request, { title, date: "2032-07-10", time: "19:30", maxSeats: "20" });
    await openAsAPerson(page, "/admin/eventreservations");
    const group = page.getByRole("rowgroup", { name: title, exact: true });
    await group.getByText(/^Guests: /).click();
    await expect(group.getByText("Reminder e-mails are on: the day before and three hours before, to every guest.")).toBeVisible();
    await group.getByRole("button", { name: "Turn reminder e-mails off" }).click();
    await expect(group.getByText("Reminder e-mails are off: guests get no reminder before this event.")).toBeVisible();
    await expect(group.getByRole("button", { name: "Turn reminder e-mails on" })).toHaveAccessibleDescription(
      "Reminder e-mails are off: guests get no reminder before this event.",
    );
  });
});

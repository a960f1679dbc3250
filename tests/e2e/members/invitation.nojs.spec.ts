import { expect, test, type Page } from "@playwright/test";
import { staffAccounts } from "../support/accounts";
import { signInWithLink } from "../support/auth";
import { linkIn, waitForMail } from "../support/mail";

/*
 * The invitation without JavaScript (decision 054): a phone and texts are never a condition of the
 * gift; the Terms are; accepting is the e-mail consent, said beside the button. Each test accepts an
 * invitation of its own, made by importing past attendees as staff do.
 */
// Each worker loads this file and runs the beforeAll: the process id keeps two workers started in the same millisecond apart.
const stamp = `${Date.now().toString(36)}${process.pid}`;
const invitees = { noPhone: `invitee-nophone-${stamp}@example.com`, texts: `invitee-texts-${stamp}@example.com` };
const links = new Map<string, string>();

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: true });
  const page = await context.newPage();
  await signInWithLink(page, staffAccounts.consent[0]!, "/admin/communications");
  const csv = [
    "First Name,Last Name,Email,City,State,Event Name,Event Start Date",
    `Nia,Nophone,${invitees.noPhone},San Diego,CA,Sunset Session,2025-09-14`,
    `Tex,Texter,${invitees.texts},La Jolla,CA,Sunset Session,2025-09-14`,
  ].join("\n");
  const section = page.getByRole("region", { name: "Invite past attendees" });
  await section.getByLabel("Attendee CSV file").setInputFiles({ name: "consent.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await section.getByRole("button", { name: "Preview import" }).click();
  await section.getByRole("button", { name: "Confirm: invite 2 people" }).click();
  await expect(section.getByRole("status").filter({ hasText: "2 invitations created" })).toBeVisible();
  for (const email of Object.values(invitees)) {
    const url = new URL(linkIn(await waitForMail(email), "/invitation?rid="));
    links.set(email, `${url.pathname}${url.search}`);
  }
  await context.close();
});

const field = (page: Page, label: string) => page.getByRole("textbox", { name: label, exact: true });
const terms = (page: Page) => page.getByRole("checkbox", { name: /I agree to the Terms of Service/ });
const texts = (page: Page) => page.getByRole("checkbox", { name: /Text me about events/ });
const accept = (page: Page) => page.getByRole("button", { name: "Accept Gift & Become a Member" });
const accepted = (page: Page) => page.getByRole("heading", { name: "Welcome to Harmonia!" });

/** Opens the invitation as it arrives, and sees the consent as decision 054 has it. */
async function openInvitation(page: Page, email: string, width: number) {
  await page.goto(links.get(email)!);
  await expect(field(page, "Email")).toHaveValue(email);
  await expect(accept(page)).toHaveAccessibleDescription("You will get our e-mails about events and music; unsubscribe any time.");
  await expect(accept(page)).toBeEnabled();
  await expect(texts(page)).not.toBeChecked();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

async function expectAccepted(page: Page) {
  await expect(accepted(page)).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to my music" })).toHaveAttribute("href", /\/login\/link\?token=/);
}

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("Terms unticked is refused with everything kept; then, without a phone or texts, the gift is accepted", async ({ page }) => {
    await openInvitation(page, invitees.noPhone, 390);
    await field(page, "City").fill("Ocean Beach");
    await accept(page).click();
    await expect(terms(page)).toHaveAccessibleDescription("You must accept the Terms of Service to continue");
    await expect(field(page, "City")).toHaveValue("Ocean Beach");
    await expect(field(page, "Phone (optional)")).toHaveValue("");
    await terms(page).check();
    await accept(page).click();
    await expectAccepted(page);
  });
});

test.describe("on a desktop screen", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("texts ticked without a phone: the phone field says so with every box kept; with the phone, accepted", async ({ page }) => {
    await openInvitation(page, invitees.texts, 1280);
    await texts(page).check();
    await terms(page).check();
    await accept(page).click();
    await expect(field(page, "Phone (optional)")).toHaveAccessibleDescription("Please enter the phone number to text, or untick the text messages box.");
    await expect(texts(page)).toBeChecked();
    await expect(terms(page)).toBeChecked();
    await field(page, "Phone (optional)").fill("(858) 555-0190");
    await accept(page).click();
    await expectAccepted(page);
  });
});

import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { staffAccounts } from "../support/accounts";
import { signInWithLink } from "../support/auth";
import { linkIn, waitForMail } from "../support/mail";
import { hydrated, test } from "../support/hydration";
import { onBothDatabases } from "../support/tags";
import { fieldError } from "../support/form-errors";

/** The attendee import and the friend invitation generator in a browser, from the upload to the invitee's prefilled form. */

/**
 * Axe on the import's section (the toast shown beside it is the staff shell's, checked by its own tests). The
 * invitation's frame is left out: it is sandboxed without scripts, so axe cannot run inside it (it waits for good),
 * and it holds the e-mail, not the page.
 */
async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).include("section[aria-labelledby='attendee-import-title']").exclude("iframe").withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]).analyze();
  expect(results.violations.map((violation) => ({ id: violation.id, nodes: violation.nodes.map((node) => node.target.join(" ")) }))).toEqual([]);
}

const field = (page: Page, label: string) => page.getByRole("textbox", { name: label, exact: true });

test("upload a CSV, see the preview, confirm; the invitee's e-mailed link opens a prefilled form", onBothDatabases, async ({ page, browser }) => {
  const stamp = Date.now().toString(36);
  const regular = `regular-${stamp}@example.com`;
  const once = `once-${stamp}@example.com`;
  const csv = [
    "First Name,Last Name,Email,City,State,Event Name,Event Start Date",
    `Rita,Regular,${regular},San Diego,CA,Spring Session,2025-04-06`,
    `Rita,Regular,${regular},San Diego,CA,Summer Session,2025-07-20`,
    `Rita,Regular,${regular},San Diego,CA,Autumn Session,2025-10-05`,
    `Olly,Once,${once},La Jolla,CA,Sunset Session,Sep 14th`,
    "Nobody,Here,no address,,,Sunset Session,2025-09-14",
    "TOTALS,,,,,,",
  ].join("\n");

  await signInWithLink(page, staffAccounts.imports[0]!, "/admin/communications");
  const section = page.getByRole("region", { name: "Invite past attendees" });
  // No file chosen: said under the field, nothing sent.
  await section.getByRole("button", { name: "Preview import" }).click();
  await expect(fieldError(section, "Please choose a CSV file to import.")).toBeVisible();
  await expect(section.getByLabel("Attendee CSV file")).toBeFocused();

  await section.getByLabel("Attendee CSV file").setInputFiles({ name: "past-attendees.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await section.getByRole("button", { name: "Preview import" }).click();
  await expect(section.getByRole("heading", { name: "Preview of past-attendees.csv" })).toBeFocused();
  await expect(section.getByTestId("import-count-new")).toHaveText("2");
  await expect(section.getByTestId("import-count-merged")).toHaveText("1");
  await expect(section.getByTestId("import-count-invalid")).toHaveText("2");
  await expect(section.getByTestId("import-count-members")).toHaveText("0");
  await expectNoAxeViolations(page);

  await section.getByRole("button", { name: "Confirm: invite 2 people" }).click();
  await expect(section.getByRole("status").filter({ hasText: "2 invitations created" })).toBeVisible();

  const mail = await waitForMail(regular);
  expect(mail.text).toContain("4 unreleased tracks");
  expect(mail.text).toContain("expires in 30 days");
  const link = linkIn(mail, "/invitation?rid=");
  expect(link).toContain("campaign=past_attendee_invitation");

  const context = await browser.newContext();
  const invitee = await context.newPage();
  await invitee.goto(link);
  await expect(invitee.getByRole("heading", { name: "Complete Your Membership" })).toBeVisible();
  await expect(field(invitee, "First name")).toHaveValue("Rita");
  await expect(field(invitee, "Last name")).toHaveValue("Regular");
  await expect(field(invitee, "Email")).toHaveValue(regular);
  await expect(field(invitee, "City")).toHaveValue("San Diego");
  // Three past events: 'everything'; one: 'important' (the spec's default).
  await expect(invitee.getByRole("radio", { name: /^Everything/ })).toBeChecked();
  await invitee.goto(linkIn(await waitForMail(once), "/invitation?rid="));
  await expect(field(invitee, "First name")).toHaveValue("Olly");
  await expect(invitee.getByRole("radio", { name: /^Important/ })).toBeChecked();
  await context.close();

  // The same file again: nobody new.
  await page.reload();
  await section.getByLabel("Attendee CSV file").setInputFiles({ name: "past-attendees.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await section.getByRole("button", { name: "Preview import" }).click();
  await expect(section.getByTestId("import-count-new")).toHaveText("0");
  await expect(section.getByTestId("import-count-invited")).toHaveText("2");
});

test("the friend invitation generator checks both fields, then e-mails a personal /friend link", async ({ page }) => {
  const friend = `friend-${Date.now().toString(36)}@example.com`;
  await signInWithLink(page, staffAccounts.imports[1]!, "/admin");
  const panel = page.getByRole("region", { name: "Friend invitation generator" });
  await panel.getByLabel("Friend's name").fill("   ");
  await panel.getByRole("button", { name: "Send friend invitation" }).click();
  await expect(fieldError(panel, "Please enter your friend's name.")).toBeVisible();
  await expect(fieldError(panel, "Please enter your friend's e-mail address.")).toBeVisible();
  await expect(panel.getByLabel("Friend's name")).toBeFocused();

  await panel.getByLabel("Friend's name").fill("Fay Wray");
  await panel.getByLabel("Friend's e-mail").fill(friend);
  await panel.getByRole("button", { name: "Send friend invitation" }).click();
  await expect(page.getByText(`Friend invitation sent to Fay Wray (${friend}).`)).toBeVisible();
  await expect(panel.getByLabel("Friend's name")).toHaveValue("");

  const mail = await waitForMail(friend);
  expect(mail.text).toContain("Hello Fay,");
  expect(linkIn(mail, "/friend?")).toMatch(/\/friend\?rid=[A-Za-z0-9_-]+&campaign=friend_invitation$/);
});

test("resend and revoke from the invitation status list, each after its confirmation; at 360 px the preview fits", async ({ page, browser }) => {
  const email = `resend-${Date.now().toString(36)}@example.com`;
  await page.setViewportSize({ width: 360, height: 740 });
  await signInWithLink(page, staffAccounts.imports[2]!, "/admin/communications");
  const section = page.getByRole("region", { name: "Invite past attendees" });
  await section.getByLabel("Attendee CSV file").setInputFiles({
    name: "one.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`Email,First Name,Last Name,Event Name,Event Start Date\n${email},Rae,Send,Sunset Session,2025-09-14\n`),
  });
  await section.getByRole("button", { name: "Preview import" }).click();
  await expect(section.getByTestId("import-count-new")).toHaveText("1");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await section.getByRole("button", { name: "Confirm: invite 1 person" }).click();
  await expect(section.getByRole("status").filter({ hasText: "1 invitation created" })).toBeVisible();
  const oldLink = linkIn(await waitForMail(email), "/invitation?rid=");

  await page.goto(`/admin?list=invitations&q=${encodeURIComponent(email)}`);
  await hydrated(page);
  const table = page.getByRole("table", { name: "Invitation status" });
  const resend = table.getByRole("button", { name: `Resend the invitation to ${email}` });
  await resend.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("alertdialog", { name: "Resend invitation?" });
  await expect(dialog).toContainText("The link they have now stops working.");
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect(page.getByText(`Invitation resent to ${email} with a new link; the old link no longer works.`)).toBeVisible();
  const newLink = linkIn(await waitForMail(email, 2), "/invitation?rid=");
  expect(newLink).not.toBe(oldLink);

  await table.getByRole("button", { name: `Revoke the invitation to ${email}` }).click();
  await page.getByRole("alertdialog", { name: "Revoke invitation?" }).getByRole("button", { name: "Revoke" }).click();
  await expect(page.getByText(`Invitation to ${email} revoked; its link no longer works.`)).toBeVisible();
  await expect(table.getByText("Revoked", { exact: true })).toBeVisible();

  const context = await browser.newContext();
  const invitee = await context.newPage();
  await invitee.goto(newLink);
  await expect(invitee.getByText("This invitation is no longer valid.", { exact: false })).toBeVisible();
  await context.close();
});

test("the import's preview shows the invitation naming the event; edited words are previewed, then sent", async ({ page }) => {
  const stamp = Date.now().toString(36);
  const guest = `worded-${stamp}@example.com`;
  const csv = ["First Name,Last Name,Email,Event Name,Event Start Date", `Wren,Worded,${guest},Harvest Moon ${stamp},2025-10-06`].join("\n");
  await signInWithLink(page, staffAccounts.imports[2]!, "/admin/communications/import");
  const section = page.getByRole("region", { name: "Invite past attendees" });
  await section.getByLabel("Attendee CSV file").setInputFiles({ name: "worded.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await section.getByRole("button", { name: "Preview import" }).click();

  const email = page.frameLocator("iframe[title='Invitation e-mail preview']");
  await expect(email.getByText(`Thank you for joining us at Harvest Moon ${stamp} on October 6th, 2025.`)).toBeVisible();
  await expect(email.getByText("Hello Wren,")).toBeVisible();
  await expect(section.getByText(`Wren Worded <${guest}>`)).toBeVisible();

  // Empty words: refused under the field, nothing sent.
  await section.getByLabel("Subject *").fill("");
  await section.getByRole("button", { name: "Update preview" }).click();
  await expect(fieldError(section, "The subject is required")).toBeVisible();
  await expect(section.getByLabel("Subject *")).toBeFocused();

  const subject = `Your 4 unreleased tracks, ${stamp}`;
  await section.getByLabel("Subject *").fill(subject);
  await section.getByLabel("Message *").fill(`Your 4 unreleased tracks are waiting <for you> ${stamp}.\n\nSee you at the piano.`);
  await section.getByRole("button", { name: "Update preview" }).click();
  await expect(email.getByText(`Your 4 unreleased tracks are waiting <for you> ${stamp}.`)).toBeVisible();
  await expect(section.getByText(`Subject: ${subject}`)).toBeVisible();
  await expectNoAxeViolations(page);

  await section.getByRole("button", { name: "Confirm: invite 1 person" }).click();
  await expect(section.getByRole("status").filter({ hasText: "1 invitation created" })).toBeVisible();
  const mail = await waitForMail(guest);
  expect(mail.subject).toBe(subject);
  expect(mail.text).toContain(`Your 4 unreleased tracks are waiting <for you> ${stamp}.`);
  expect(mail.text).toContain(`Harvest Moon ${stamp}`);
  expect(mail.text).toContain("expires in 30 days");
});

test("the preview flags a name that reads as a formula or a link, and the invitation greets that person as 'friend' (issue 35)", async ({ page }) => {
  const stamp = Date.now().toString(36);
  const odd = `odd-${stamp}@example.com`;
  const csv = [
    "First Name,Last Name,Email,Event Name",
    `"=HYPERLINK(""http://x.example"",""Hi"")",Smith,${odd},Harvest ${stamp}`,
    `Mary,Lee,plain-${stamp}@example.com,Harvest ${stamp}`,
  ].join("\n");
  await signInWithLink(page, staffAccounts.imports[3]!, "/admin/communications/import");
  const section = page.getByRole("region", { name: "Invite past attendees" });
  await section.getByLabel("Attendee CSV file").setInputFiles({ name: "odd.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await section.getByRole("button", { name: "Preview import" }).click();

  await expect(section.getByTestId("import-flagged-names")).toContainText("1 name looks like a link or a spreadsheet formula");
  await section.locator("summary", { hasText: "New invitees" }).click();
  await expect(section.getByRole("listitem").filter({ hasText: odd })).toContainText("the name looks like a spreadsheet formula: greeted as ‘friend’");
  await expect(section.getByRole("listitem").filter({ hasText: `plain-${stamp}@example.com` })).not.toContainText("greeted as");
  // The sample is the first new invitee: the flagged one, greeted as 'friend'.
  const email = page.frameLocator("iframe[title='Invitation e-mail preview']");
  await expect(email.getByText("Hello friend,")).toBeVisible();

  await section.getByRole("button", { name: "Confirm: invite 2 people" }).click();
  await expect(section.getByRole("status").filter({ hasText: "2 invitations created" })).toBeVisible();
  const mail = await waitForMail(odd);
  expect(mail.text).toContain("Hello friend,");
  expect(mail.text).not.toContain("HYPERLINK");
});

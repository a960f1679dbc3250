import { expect as baseExpect, type Page } from "@playwright/test";
import sharp from "sharp";
import { test } from "../support/hydration";
import { staffAccounts } from "../support/accounts";
import { openAsAPerson, openBeforeHydration } from "../support/as-a-person";
import { signInWithLink } from "../support/auth";
import { expectErrorReported, scrollBehindHeader, scrollUnderHeader } from "../support/form-errors";
import { hydrated } from "../support/hydration";
import { createPublishedEvent } from "../support/staff-events";
import { unique } from "../support/staff-forms";

/**
 * A refused form answers where the person is (issue 35 item 4, decision 055): the error summary is
 * read out, focus lands on the first field in error, scrolled into view clear of the fixed header
 * and the staff navigation. People act straight after load, on a phone and at a desk, and press the
 * button having scrolled down to it (the fields above out of sight). Pressed before the page has
 * hydrated, the post goes without scripts: the answer lands on the summary, then on the field.
 */

test.describe.configure({ timeout: 150_000 });
const expect = baseExpect.configure({ timeout: 25_000 });
const PAGE = "/admin/eventmanagement";
const account = staffAccounts.formErrors;

const picture = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 30, g: 50, b: 90 } } }).png().toBuffer();

const widths = [
  { name: "on a phone", use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }, accounts: [0, 1, 2] },
  { name: "at a desk", use: { viewport: { width: 1280, height: 800 } }, accounts: [3, 4, 5] },
] as const;

async function newEvent(page: Page, title: string) {
  await openAsAPerson(page, `${PAGE}?new=1`);
  const editor = page.getByRole("region", { name: "New event" });
  // The smallest picture the site takes is said before anything is chosen.
  await expect(editor.getByText("At least 400 × 300 pixels", { exact: false })).toBeVisible();
  await editor.getByLabel("Title *").fill(title);
  await editor.getByLabel("Date *").fill("2033-06-11");
  await editor.getByLabel("Time *").fill("20:15");
  await editor.getByLabel("Description *").fill("Piano by the sea.");
  return editor;
}

for (const width of widths) {
  test.describe(width.name, () => {
    test.use(width.use);

    test("a 200×150 picture on the event form: focus on the picture field, the summary read out; a good one shows before saving", async ({ page }) => {
      const title = unique("Small Picture");
      await signInWithLink(page, account[width.accounts[0]]!, `${PAGE}?new=1`);
      const editor = await newEvent(page, title);
      const file = editor.getByLabel("Or upload your own picture");
      await file.setInputFiles({ name: "small.png", mimeType: "image/png", buffer: await picture(200, 150) });
      const create = editor.getByRole("button", { name: "Create event" });
      await scrollUnderHeader(create);
      await create.click();

      const summary = await expectErrorReported(page, page.getByLabel("Or upload your own picture"), /too small/);
      await expect(summary.getByRole("link", { name: /too small/ })).toHaveAttribute("href", "#event-imageFile");
      await expect(page.getByRole("region", { name: "New event" }).getByLabel("Title *")).toHaveValue(title);

      // With scripts, the chosen picture shows with its size before saving.
      await hydrated(page);
      const again = page.getByRole("region", { name: "New event" });
      await again.getByLabel("Or upload your own picture").setInputFiles({ name: "sea.png", mimeType: "image/png", buffer: await picture(800, 600) });
      await expect(again.getByRole("img", { name: "Preview of the picture to upload" })).toBeVisible();
      await expect(again.getByText("Chosen picture, 800 × 600 pixels")).toBeVisible();
      await again.getByRole("button", { name: "Create event" }).click();
      await expect(page.getByRole("row", { name: title, exact: true })).toBeVisible();
    });

    test("a staff form answered by the server: a guest added by hand without a name", async ({ page }) => {
      await signInWithLink(page, account[width.accounts[1]]!, "/admin/eventreservations");
      const title = unique("Error Evening");
      await createPublishedEvent(page.request, { title, date: "2032-09-19", time: "19:05", maxSeats: "12" });
      await openAsAPerson(page, "/admin/eventreservations");
      const group = page.locator("tbody", { has: page.getByRole("link", { name: title }) }).first();
      await group.locator("summary", { hasText: /^Guests:/ }).click();
      await group.locator("summary", { hasText: "Add a guest" }).click();
      const booking = group.locator("form").filter({ has: page.locator('input[name="intent"][value="add-guest"]') });
      await booking.getByLabel("E-mail (optional)").fill("not an address");
      const add = booking.getByRole("button", { name: "Add a guest" });
      await scrollUnderHeader(add);
      await add.click();

      const answered = page.locator("tbody", { has: page.getByRole("link", { name: title }) }).first().locator("form").filter({ has: page.locator('input[name="intent"][value="add-guest"]') });
      await expectErrorReported(page, answered.getByLabel("Name"), /name/i);
      await expect(answered.getByLabel("E-mail (optional)")).toHaveValue("not an address");
    });

    test("a public form: the reservation page with no name and a wrong e-mail", async ({ browser, page }) => {
      await signInWithLink(page, account[width.accounts[2]]!, PAGE);
      const { href } = await createPublishedEvent(page.request, { title: unique("Public Error Evening"), date: "2032-09-20", time: "19:10", maxSeats: "12" });
      const visitor = await browser.newPage(width.use);
      await openAsAPerson(visitor, `${href}/reserve`);
      const form = visitor.locator("form").filter({ has: visitor.locator('input[name="submissionKey"]') });
      await form.getByLabel("Email").fill("visitor-at-nowhere");
      // The name field scrolled up behind the header: a focus that only made it "visible" would leave it covered.
      await scrollBehindHeader(form.getByLabel("Name"));
      await form.getByRole("button", { name: "Reserve Your Spot" }).click();

      await expectErrorReported(visitor, form.getByLabel("Name"), /name/i);
      await expect(form.getByLabel("Email")).toHaveValue("visitor-at-nowhere");
      await visitor.close();
    });
  });
}

test.describe("pressed before the page hydrated", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the answer lands on the summary; once scripts run, the person is taken on to the first field in error", async ({ browser, page }) => {
    await signInWithLink(page, account[8]!, PAGE);
    const { href } = await createPublishedEvent(page.request, { title: unique("Early Error Evening"), date: "2032-09-21", time: "19:15", maxSeats: "12" });
    const visitor = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const { hydrate } = await openBeforeHydration(visitor, `${href}/reserve`);
    const form = visitor.locator("form").filter({ has: visitor.locator('input[name="submissionKey"]') });
    await form.getByLabel("Email").fill("early@example.com");
    await form.getByRole("button", { name: "Reserve Your Spot" }).click();

    // The scripts are still held: the browser posted the form itself and opened the answer at its summary.
    await expect(visitor).toHaveURL(/#reserve-page-errors$/);
    await expectErrorReported(visitor, visitor.locator("#reserve-page-errors"), /name/i);
    await hydrate();
    await expectErrorReported(visitor, form.getByLabel("Name"), /name/i);
    await expect(form.getByLabel("Email")).toHaveValue("early@example.com");
    await visitor.close();
  });
});

import { expect as baseExpect, test } from "@playwright/test";
import sharp from "sharp";
import { staffAccounts } from "../support/accounts";
import { signInWithLink } from "../support/auth";
import { expectErrorReported, scrollUnderHeader, uncovered } from "../support/form-errors";
import { createPublishedEvent } from "../support/staff-events";
import { unique } from "../support/staff-forms";

/**
 * A refused form without JavaScript (decision 055): the form posts to its action with the error
 * summary's id as the fragment, so the page that answers opens at the summary, focused and clear of
 * the header and the staff navigation; one Tab reaches the first error's link, which leads to the
 * field.
 */

test.describe.configure({ timeout: 150_000 });
const expect = baseExpect.configure({ timeout: 25_000 });
const account = staffAccounts.formErrors;

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("a 200×150 picture on the event form: the answer opens at the summary, whose link leads to the picture field", async ({ page }) => {
    const title = unique("Plain Small Picture");
    await signInWithLink(page, account[6]!, "/admin/eventmanagement?new=1");
    await page.goto("/admin/eventmanagement?new=1");
    const editor = page.getByRole("region", { name: "New event" });
    await expect(editor.getByText("At least 400 × 300 pixels", { exact: false })).toBeVisible();
    await editor.getByLabel("Title *").fill(title);
    await editor.getByLabel("Date *").fill("2033-07-02");
    await editor.getByLabel("Time *").fill("19:40");
    await editor.getByLabel("Description *").fill("Made without scripts.");
    const small = await sharp({ create: { width: 200, height: 150, channels: 3, background: { r: 80, g: 30, b: 30 } } }).png().toBuffer();
    await editor.getByLabel("Or upload your own picture").setInputFiles({ name: "small.png", mimeType: "image/png", buffer: small });
    const create = editor.getByRole("button", { name: "Create event" });
    await scrollUnderHeader(create);
    await create.click();

    await expect(page).toHaveURL(/#event-editor-errors$/);
    const summary = page.locator("#event-editor-errors");
    await expectErrorReported(page, summary, /too small/);
    await expect(page.getByRole("region", { name: "New event" }).getByLabel("Title *")).toHaveValue(title);

    await page.keyboard.press("Tab");
    const link = summary.getByRole("link", { name: /too small/ });
    await expect(link).toBeFocused();
    await page.keyboard.press("Enter");
    const field = page.getByLabel("Or upload your own picture");
    await expect(field).toBeFocused();
    await expect(field).toBeInViewport();
    await expect.poll(() => uncovered(field)).toBe(true);
  });
});

test.describe("at a desk", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("a public form: the reservation page without a name opens at its summary", async ({ browser, page }) => {
    await signInWithLink(page, account[7]!, "/admin/eventmanagement");
    const { href } = await createPublishedEvent(page.request, { title: unique("Plain Error Evening"), date: "2032-10-03", time: "18:20", maxSeats: "12" });
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
    const visitor = await context.newPage();
    await visitor.goto(`${href}/reserve`);
    const form = visitor.locator("form").filter({ has: visitor.locator('input[name="submissionKey"]') });
    await form.getByLabel("Email").fill("visitor@example.com");
    const reserve = form.getByRole("button", { name: "Reserve Your Spot" });
    await scrollUnderHeader(reserve);
    await reserve.click();

    await expect(visitor).toHaveURL(/#reserve-page-errors$/);
    await expectErrorReported(visitor, visitor.locator("#reserve-page-errors"), /name/i);
    await expect(visitor.getByLabel("Email", { exact: true })).toHaveValue("visitor@example.com");
    await context.close();
  });
});

import { expect, test, type Page } from "@playwright/test";
import { subscriptionMessages } from "#app/modules/community/subscription-messages";
import { openAsAPerson, openBeforeHydration } from "../support/as-a-person";
import { testEmail } from "../support/auth";
import { headerAlpha } from "../support/header";

/*
 * A control that shows, works: each control is used the moment the page looks ready (at the load
 * event), and in the window before hydration (the page's scripts held back), after which React
 * takes over and what was opened, chosen or typed is still there. Issue 23.
 */

/** Console errors and uncaught exceptions (a hydration mismatch is one); a page's own 404 is expected. */
function watchErrors(page: Page) {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error" && !message.text().includes("404 (Not Found)")) errors.push(message.text());
  });
  return errors;
}

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("'Open menu' opens the menu at load", async ({ page }) => {
    await openAsAPerson(page, "/");
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu.getByRole("navigation", { name: "Mobile" }).getByRole("link")).toHaveText(["About", "Events", /Donate/, "Login"]);
  });

  test("the menu opened before hydration stays open, keeps focus inside, closes with Escape and on navigation", async ({ page }) => {
    const errors = watchErrors(page);
    const { hydrate } = await openBeforeHydration(page, "/");
    const open = page.getByRole("button", { name: "Open menu" });
    await open.click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu).toBeVisible();
    // The browser's modal dialog takes the focus and makes the page behind it inert, so nothing fixed covers the focus.
    expect(await menu.evaluate((element) => element.contains(document.activeElement))).toBe(true);

    await hydrate();
    await expect(menu).toBeVisible();
    for (let step = 0; step < 8; step += 1) await page.keyboard.press("Tab");
    expect(await menu.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(open).toBeFocused();

    await open.click();
    await menu.getByRole("link", { name: "Events" }).click();
    await expect(page).toHaveURL(/\/events$/);
    await expect(menu).toBeHidden();
    expect(errors).toEqual([]);
  });

  test("'Reserve' before hydration leads to the reservation page, and what was typed there survives hydration", async ({ page }) => {
    const errors = watchErrors(page);
    const { hydrate } = await openBeforeHydration(page, "/events");
    await page.getByRole("article", { name: "Candlelight Yoga with Live Piano" }).getByRole("link", { name: "Reserve a Mat" }).click();
    await expect(page).toHaveURL(/\/events\/candlelight-yoga-with-live-piano-\d+\/reserve$/);
    const email = testEmail("before-hydration");
    await page.getByLabel("Name").fill("Ada Early");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Seats").fill("2");

    await hydrate();
    await expect(page.getByLabel("Name")).toHaveValue("Ada Early");
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue(email);
    await expect(page.getByLabel("Seats")).toHaveValue("2");
    await page.getByRole("button", { name: "Reserve a Mat" }).click();
    await expect(page.getByRole("heading", { name: "Reservation Confirmed!" })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("'Reserve' pressed before hydration and released after it still leads somewhere: the same link throughout", async ({ page }) => {
    const { hydrate } = await openBeforeHydration(page, "/rsvp");
    const reserve = page.getByRole("main").getByRole("link", { name: /^Reserve/ }).first();
    await reserve.scrollIntoViewIfNeeded();
    const box = (await reserve.boundingBox())!;
    // The finger goes down on the link before the scripts run, and comes up after React took over.
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await hydrate();
    await expect(reserve).toHaveAttribute("aria-haspopup", "dialog");
    await page.mouse.up();
    // The press lands on the element it began on: now the dialog's link, so the dialog opens.
    await expect(page.getByRole("dialog", { name: "Reserve Your Spot" }).getByLabel("Name")).toBeVisible();
  });

  test("'Reserve' at load leads to a form that reserves", async ({ page }) => {
    await openAsAPerson(page, "/rsvp");
    // Before hydration the control is a link to the reservation page, after it a button opening the dialog: either works.
    await page.getByRole("main").locator("a, button").filter({ hasText: /^Reserve/ }).first().click();
    const form = page.locator("form").filter({ has: page.getByLabel("Name") });
    const email = testEmail("at-load");
    await form.getByLabel("Name").fill("Ada Prompt");
    await form.getByLabel("Email", { exact: true }).fill(email);
    await form.getByRole("button").click();
    await expect(page.getByRole("heading", { name: "Reservation Confirmed!" })).toBeVisible();
    await expect(page.getByText(email).first()).toBeVisible();
  });
});

test.describe("on a desktop screen", () => {
  test.use({ viewport: { width: 1280, height: 600 } });

  test("the About dropdown opens before hydration and leads on", async ({ page }) => {
    const { hydrate } = await openBeforeHydration(page, "/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("button", { name: "About" }).click();
    await expect(nav.getByRole("link", { name: "Meditations" })).toBeVisible();
    await hydrate();
    await expect(nav.getByRole("link", { name: "Meditations" })).toBeVisible();
    await nav.getByRole("link", { name: "Meditations" }).click();
    await expect(page).toHaveURL(/\/meditations$/);
    await expect(nav.getByRole("link", { name: "Meditations" })).toBeHidden();
  });

  test("the header fades with the scroll before hydration, and keeps fading after it", async ({ page }) => {
    const { hydrate } = await openBeforeHydration(page, "/about");
    expect(await headerAlpha(page)).toBeCloseTo(0.95, 2);
    await page.evaluate(() => window.scrollTo(0, 300));
    await expect.poll(() => headerAlpha(page)).toBeCloseTo(0.65, 2);
    await hydrate();
    await expect.poll(() => headerAlpha(page)).toBeCloseTo(0.65, 2);
    await page.evaluate(() => window.scrollTo(0, 2000));
    await expect.poll(() => headerAlpha(page)).toBeCloseTo(0.4, 2);
  });

  test("the music player shows only once its buttons work", async ({ page }) => {
    const { hydrate } = await openBeforeHydration(page, "/about");
    const player = page.getByRole("region", { name: "Music player" });
    await expect(player.getByRole("button", { name: "Play", exact: true })).toBeHidden();
    await hydrate();
    await expect(player.getByRole("button", { name: "Play", exact: true })).toBeVisible();
  });

  test("a meditation category chosen before hydration is the page's filter, and stays so after it", async ({ page }) => {
    const errors = watchErrors(page);
    const { hydrate } = await openBeforeHydration(page, "/meditations");
    const chips = page.getByRole("navigation", { name: "Filter meditations by category" });
    const samples = page.getByRole("main").getByRole("listitem").filter({ has: page.getByRole("button", { name: "Coming Soon" }) });
    await chips.getByRole("link", { name: "Sleep", exact: true }).click();
    await expect(page).toHaveURL(/\/meditations\?category=sleep#library-heading$/);
    await expect(samples).toHaveCount(1);
    await expect(chips.getByRole("link", { name: "Sleep", exact: true })).toHaveAttribute("aria-current", "page");

    await hydrate();
    await expect(samples).toHaveCount(1);
    await expect(chips.getByRole("link", { name: "Sleep", exact: true })).toHaveAttribute("aria-current", "page");
    await chips.getByRole("link", { name: "Stress Relief", exact: true }).click();
    await expect(page.getByText("No Stress Relief meditations yet")).toBeVisible();
    await page.getByRole("link", { name: "Show all meditations" }).click();
    await expect(samples).toHaveCount(6);
    await expect(chips.getByRole("link", { name: "All", exact: true })).toHaveAttribute("aria-current", "page");
    expect(errors).toEqual([]);
  });

  test("a meditation category chosen at load filters", async ({ page }) => {
    await openAsAPerson(page, "/meditations");
    await page.getByRole("navigation", { name: "Filter meditations by category" }).getByRole("link", { name: "Focus", exact: true }).click();
    await expect(page.getByRole("main").getByRole("heading", { name: "Clear Mind, Steady Hands" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("heading", { name: "Candle Down" })).toHaveCount(0);
  });

  test("/vip's 'Click to play with sound' is in the server's page and a press before hydration plays with sound", async ({ page }) => {
    const errors = watchErrors(page);
    const { hydrate } = await openBeforeHydration(page, "/vip");
    const overlay = page.getByRole("button", { name: "Click to play with sound" });
    await overlay.click();
    await hydrate();
    const video = page.getByLabel("A preview of a live piano meditation");
    await expect(overlay).toBeHidden();
    await expect(video).toHaveJSProperty("muted", false);
    await expect(video).toHaveAttribute("controls", "");
    await expect(video).toBeFocused();
    expect(errors).toEqual([]);
  });

  test("/vip's 'Click to play with sound' plays with sound at load", async ({ page }) => {
    await openAsAPerson(page, "/vip");
    await page.getByRole("button", { name: "Click to play with sound" }).click();
    await expect(page.getByLabel("A preview of a live piano meditation")).toHaveJSProperty("muted", false);
  });

  test("a plan's waitlist dialog opens before hydration and keeps the address typed into it", async ({ page }) => {
    const errors = watchErrors(page);
    const { hydrate } = await openBeforeHydration(page, "/harmonize");
    await page.getByRole("button", { name: "Join the waitlist for Harmony Ensemble" }).click();
    const dialog = page.getByRole("dialog", { name: "Harmony Ensemble" });
    await expect(dialog).toBeVisible();
    const email = `plan-early-${Date.now()}@example.com`;
    await dialog.getByRole("textbox").fill(email);

    await hydrate();
    await expect(dialog.getByRole("textbox")).toHaveValue(email);
    await dialog.getByRole("button", { name: "Notify Me" }).click();
    await expect(dialog.getByText(subscriptionMessages.waitlistSuccess)).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("what is typed into /contact's community form and the footer's newsletter form before hydration survives it", async ({ page }) => {
    const errors = watchErrors(page);
    const { hydrate } = await openBeforeHydration(page, "/contact");
    const community = page.locator("form").filter({ has: page.getByRole("button", { name: "Join the Community" }) });
    const newsletter = page.locator("footer form");
    await community.getByLabel("Name").fill("Early Bird");
    await community.getByLabel("Email").fill("early@example.com");
    await newsletter.getByLabel("Email address").fill("early-news@example.com");

    await hydrate();
    await expect(community.getByLabel("Name")).toHaveValue("Early Bird");
    await expect(community.getByLabel("Email")).toHaveValue("early@example.com");
    await expect(newsletter.getByLabel("Email address")).toHaveValue("early-news@example.com");
    expect(errors).toEqual([]);
  });

  test("/join's boxes before hydration: Terms unticked gets a clear message, and every field and box ticked stays; then it joins", async ({ page }) => {
    const errors = watchErrors(page);
    const { hydrate } = await openBeforeHydration(page, "/join");
    const email = testEmail("three-boxes");
    await page.getByLabel("Name", { exact: true }).fill("Bea Boxes");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Phone (optional)").fill("(619) 555-0160");
    await page.getByLabel("Area of interest").selectOption("piano");
    const terms = page.getByRole("checkbox", { name: /Terms of Service/ });
    const texts = page.getByRole("checkbox", { name: /Text me about events/ });
    await expect(terms).not.toBeChecked();
    await expect(texts).not.toBeChecked();
    // Joining is the e-mail consent, said beside the button (decision 054).
    await expect(page.getByText("You will get our e-mails about events and music; unsubscribe any time.")).toBeVisible();
    await texts.check();

    await hydrate();
    await page.getByRole("button", { name: "Join the Community" }).click();
    await expect(terms).toHaveAccessibleDescription("You must accept the Terms and Privacy Policy.");
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Bea Boxes");
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue(email);
    await expect(page.getByLabel("Phone (optional)")).toHaveValue("(619) 555-0160");
    await expect(texts).toBeChecked();

    await terms.check();
    await page.getByRole("button", { name: "Join the Community" }).click();
    await expect(page.getByRole("heading", { name: "Welcome to the community!" })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("the reservation form's SMS box at load: ticked without a phone, the phone field says so and the box stays ticked", async ({ page }) => {
    const reservePage = /\/events\/candlelight-yoga-with-live-piano-\d+\/reserve/.exec(await (await page.request.get("/events")).text())?.[0];
    expect(reservePage, "the event's reservation page").toBeTruthy();
    await openAsAPerson(page, reservePage!);
    const form = page.locator("form").filter({ has: page.getByLabel("Seats") });
    await form.getByLabel("Name").fill("Sam Sms");
    await form.getByLabel("Email", { exact: true }).fill(testEmail("sms-box"));
    await form.getByRole("checkbox", { name: /Text me about events/ }).check();
    await form.getByRole("button").click();
    await expect(form.getByLabel("Phone (optional)")).toHaveAccessibleDescription("Please enter the phone number to text, or untick the text messages box.");
    await expect(form.getByRole("checkbox", { name: /Text me about events/ })).toBeChecked();
    await expect(form.getByLabel("Name")).toHaveValue("Sam Sms");
  });
});

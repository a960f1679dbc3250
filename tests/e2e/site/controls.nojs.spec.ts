import { expect, test } from "@playwright/test";
import { subscriptionMessages } from "#app/modules/community/subscription-messages";
import { headerAlpha } from "../support/header";

/*
 * A control that shows, works, without JavaScript too: what the public pages draw either does its
 * job (links, forms, the browser's dialogs and popovers) or is not shown. Issue 23.
 */

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("the menu opens, closes with its button and with Escape, and its links lead on", async ({ page }) => {
    await page.goto("/about");
    const open = page.getByRole("button", { name: "Open menu" });
    const menu = page.getByRole("dialog", { name: "Menu" });
    await open.click();
    await expect(menu).toBeVisible();
    await menu.getByRole("button", { name: "Close menu" }).click();
    await expect(menu).toBeHidden();

    await open.click();
    await expect(menu).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(open).toBeFocused();

    await open.click();
    await menu.getByRole("link", { name: "Events" }).click();
    await expect(page).toHaveURL(/\/events$/);
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
  });

  test("'Reserve' leads to the reservation page's form", async ({ page }) => {
    await page.goto("/vip");
    await page.getByRole("link", { name: "Reserve VIP Spot" }).click();
    await expect(page).toHaveURL(/\/reserve$/);
    await expect(page.getByLabel("Name")).toBeVisible();
  });
});

test.describe("on a desktop screen", () => {
  test.use({ viewport: { width: 1280, height: 600 } });

  test("the About dropdown opens, closes with Escape and leads on", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    const about = nav.getByRole("button", { name: "About" });
    await about.click();
    await expect(nav.getByRole("link", { name: "About Us" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(nav.getByRole("link", { name: "About Us" })).toBeHidden();
    await about.click();
    await nav.getByRole("link", { name: "Contact" }).click();
    await expect(page).toHaveURL(/\/contact$/);
  });

  test("the header fades as the page scrolls", async ({ page }) => {
    await page.goto("/about");
    expect(await headerAlpha(page)).toBeCloseTo(0.95, 2);
    await page.evaluate(() => window.scrollTo(0, 300));
    await expect.poll(() => headerAlpha(page)).toBeCloseTo(0.65, 2);
  });

  test("the meditation chips filter on the server", async ({ page }) => {
    await page.goto("/meditations");
    const chips = page.getByRole("navigation", { name: "Filter meditations by category" });
    const samples = page.getByRole("main").getByRole("listitem").filter({ has: page.getByRole("button", { name: "Coming Soon" }) });
    await expect(samples).toHaveCount(6);
    await chips.getByRole("link", { name: "Sleep", exact: true }).click();
    await expect(samples).toHaveCount(1);
    await expect(chips.getByRole("link", { name: "Sleep", exact: true })).toHaveAttribute("aria-current", "page");
    // The filtered list is one page, whatever the filter: its canonical address has none.
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/meditations$/);
    await chips.getByRole("link", { name: "All", exact: true }).click();
    await expect(samples).toHaveCount(6);
  });

  test("/vip offers the browser's own video controls instead of an overlay nothing could answer", async ({ page }) => {
    await page.goto("/vip");
    await expect(page.getByRole("button", { name: "Click to play with sound" })).toBeHidden();
    await expect(page.getByLabel("A preview of a live piano meditation")).toHaveAttribute("controls", "");
  });

  test("the music player, which needs JavaScript, is not shown", async ({ page }) => {
    await page.goto("/about");
    await expect(page.getByRole("region", { name: "Music player" })).toBeHidden();
    await expect(page.getByRole("button", { name: /Now playing/ })).toBeHidden();
  });

  test("a plan's waitlist dialog opens and its form joins the waitlist", async ({ page }) => {
    await page.goto("/harmonize");
    await page.getByRole("button", { name: "Join the waitlist for Harmony Prelude" }).click();
    const dialog = page.getByRole("dialog", { name: "Harmony Prelude" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("textbox").fill(`plan-nojs-${Date.now()}@example.com`);
    await dialog.getByRole("button", { name: "Notify Me" }).click();
    await expect(page.getByText(subscriptionMessages.waitlistSuccess)).toBeVisible();
  });

  test("/join's boxes work without JavaScript: Terms unticked is refused with everything kept, ticked it joins", async ({ page }) => {
    await page.goto("/join");
    const email = `join-nojs-${Date.now()}@example.com`;
    await page.getByLabel("Name", { exact: true }).fill("Nora Noscript");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Phone (optional)").fill("(619) 555-0170");
    await page.getByLabel("Area of interest").selectOption("retreats");
    // Joining is the e-mail consent: said beside the button, no box for it (decision 054).
    await expect(page.locator("form").filter({ has: page.getByRole("button", { name: "Join the Community" }) }).getByRole("checkbox")).toHaveCount(2);
    await expect(page.getByRole("button", { name: "Join the Community" })).toHaveAccessibleDescription("You will get our e-mails about events and music; unsubscribe any time.");
    await page.getByRole("checkbox", { name: /Text me about events/ }).check();
    await page.getByRole("button", { name: "Join the Community" }).click();
    const terms = page.getByRole("checkbox", { name: /Terms of Service/ });
    await expect(terms).toHaveAccessibleDescription("You must accept the Terms and Privacy Policy.");
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Nora Noscript");
    await expect(page.getByLabel("Phone (optional)")).toHaveValue("(619) 555-0170");
    await expect(page.getByRole("checkbox", { name: /Text me about events/ })).toBeChecked();
    await terms.check();
    await page.getByRole("button", { name: "Join the Community" }).click();
    await expect(page.getByRole("heading", { name: "Welcome to the community!" })).toBeVisible();
  });

  test("the reservation page's SMS box works without JavaScript and keeps what was typed when the phone is missing", async ({ page }) => {
    await page.goto("/vip");
    await page.getByRole("link", { name: "Reserve VIP Spot" }).click();
    await page.getByLabel("Name").fill("Vic Vip");
    await page.getByLabel("Email", { exact: true }).fill(`vip-nojs-${Date.now()}@example.com`);
    await page.getByRole("checkbox", { name: /Text me about events/ }).check();
    await page.locator("form").filter({ has: page.getByLabel("Seats") }).getByRole("button").click();
    await expect(page.getByLabel("Phone (optional)")).toHaveAccessibleDescription("Please enter the phone number to text, or untick the text messages box.");
    await expect(page.getByLabel("Name")).toHaveValue("Vic Vip");
    await expect(page.getByRole("checkbox", { name: /Text me about events/ })).toBeChecked();
    await page.getByLabel("Phone (optional)").fill("(619) 555-0171");
    await page.locator("form").filter({ has: page.getByLabel("Seats") }).getByRole("button").click();
    await expect(page.getByRole("heading", { name: "Reservation Confirmed!" })).toBeVisible();
  });
});

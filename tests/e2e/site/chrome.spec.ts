import { expect, type Page } from "@playwright/test";
import { test } from "../support/hydration";
import { openAsAPerson } from "../support/as-a-person";
import { signInWithLink, testEmail } from "../support/auth";
import { headerAlpha } from "../support/header";

test.describe("header on a desktop screen", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("offers the About dropdown, Events, Program, Donate and login", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Events" })).toHaveAttribute("href", "/events");
    await expect(nav.getByRole("link", { name: "Program" })).toHaveAttribute("href", "/program");
    const donate = nav.getByRole("link", { name: /Donate/ });
    await expect(donate).toHaveAttribute("target", "_blank");
    await expect(donate).toHaveAttribute("rel", /noopener/);
    await expect(nav.getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/login");

    const about = nav.getByRole("button", { name: "About" });
    await about.click();
    await expect(about).toHaveAttribute("aria-expanded", "true");
    const dropdown = nav.getByRole("list").filter({ hasText: "About Us" }).last();
    await expect(dropdown.getByRole("link")).toHaveText(["About Us", "Meditations", "Events", "Contact"]);
    await dropdown.getByRole("link", { name: "Meditations" }).click();
    await expect(page).toHaveURL(/\/meditations$/);
    await expect(nav.getByRole("link", { name: "About Us" })).toBeHidden();
  });

  test("works the About dropdown from the keyboard", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    const trigger = nav.getByRole("button", { name: "About" });
    await trigger.focus();
    await page.keyboard.press("Enter");
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Tab");
    await expect(nav.getByRole("link", { name: "About Us" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(nav.getByRole("link", { name: "Meditations" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
    await expect(nav.getByRole("link", { name: "About Us" })).toBeHidden();
    await expect(trigger).toBeFocused();

    // A click anywhere else closes it as well.
    await trigger.click();
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    await page.getByRole("heading", { level: 1 }).click();
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
  });

  test("fades the header background as the page scrolls and deepens its shadow after 100 px", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 600 });
    await page.goto("/about");
    const header = page.locator("header").first();
    // The background's alpha and the shadow as drawn (CSS scroll-driven animations, app.css).
    const alpha = () => headerAlpha(page);
    const shadow = () => header.evaluate((element) => getComputedStyle(element).boxShadow);
    await expect.poll(alpha).toBeCloseTo(0.95, 2);
    await expect.poll(shadow).toBe("rgba(0, 0, 0, 0.25) 0px 1px 8px 0px");
    await page.evaluate(() => window.scrollTo(0, 300));
    await expect.poll(alpha).toBeCloseTo(0.65, 2);
    await expect.poll(shadow).toBe("rgba(0, 0, 0, 0.55) 0px 6px 28px 0px");
    await page.evaluate(() => window.scrollTo(0, 2000));
    await expect.poll(alpha).toBeCloseTo(0.4, 2);
    // Chromium draws it with the CSS alone: the scroll listener stays out of it.
    await expect(header).not.toHaveAttribute("data-scroll-fade");
  });

  test("fades the header under reduced motion too: the colour changes, nothing moves", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.setViewportSize({ width: 1280, height: 600 });
    await page.goto("/about");
    await page.evaluate(() => window.scrollTo(0, 300));
    await expect.poll(() => headerAlpha(page)).toBeCloseTo(0.65, 2);
  });
});

/**
 * Makes the page's scripts find no scroll-driven animations, as in Firefox, before any of them runs.
 * (The stylesheet still has them: the fallback turns the animation off where it draws.)
 */
async function withoutScrollDrivenAnimations(page: Page) {
  await page.addInitScript(() => {
    const supports = CSS.supports.bind(CSS) as (...condition: string[]) => boolean;
    CSS.supports = ((...condition: string[]) =>
      condition.join(":").includes("animation-timeline") ? false : supports(...condition)) as typeof CSS.supports;
  });
}

test.describe("header fade where scroll-driven animations are missing", () => {
  for (const screen of [
    { width: 1280, height: 600, reducedMotion: "no-preference" as const },
    { width: 390, height: 844, reducedMotion: "no-preference" as const },
    { width: 390, height: 844, reducedMotion: "reduce" as const },
  ]) {
    test(`fades it as the page scrolls, at ${screen.width} px with ${screen.reducedMotion} motion`, async ({ page }) => {
      await page.setViewportSize({ width: screen.width, height: screen.height });
      await page.emulateMedia({ reducedMotion: screen.reducedMotion });
      await withoutScrollDrivenAnimations(page);
      const header = page.locator("header").first();
      const shadow = () => header.evaluate((element) => getComputedStyle(element).boxShadow);

      // Scrolled straight after load: once the page's scripts run, the header catches up with where it is.
      await openAsAPerson(page, "/about");
      await page.evaluate(() => window.scrollTo(0, 300));
      await expect.poll(() => headerAlpha(page)).toBeCloseTo(0.65, 2);
      await expect.poll(shadow).toBe("rgba(0, 0, 0, 0.55) 0px 6px 28px 0px");
      // The listener draws it, not the CSS animation.
      await expect(header).toHaveAttribute("data-scroll-fade");
      expect(await header.evaluate((element) => getComputedStyle(element).animationName)).toBe("none");

      await page.evaluate(() => window.scrollTo(0, 2000));
      await expect.poll(() => headerAlpha(page)).toBeCloseTo(0.4, 2);
      await page.evaluate(() => window.scrollTo(0, 50));
      await expect.poll(() => headerAlpha(page)).toBeCloseTo(0.9, 2);
      await expect.poll(shadow).toBe("rgba(0, 0, 0, 0.25) 0px 1px 8px 0px");
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect.poll(() => headerAlpha(page)).toBeCloseTo(0.95, 2);
    });
  }
});

test.describe("header on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("opens the slide-out menu, keeps focus inside it and closes with Escape", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    const open = page.getByRole("button", { name: "Open menu" });
    await open.click();
    const dialog = page.getByRole("dialog", { name: "Menu" });
    await expect(dialog).toBeVisible();
    const links = dialog.getByRole("navigation", { name: "Mobile" }).getByRole("link");
    await expect(links).toHaveText(["About", "Events", /Donate/, "Login"]);
    await expect(dialog.getByRole("link", { name: /Donate/ })).toHaveAttribute("target", "_blank");

    for (let step = 0; step < 8; step += 1) await page.keyboard.press("Tab");
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();
  });

  test("navigates from the menu and closes it", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
  });
});

test.describe("footer", () => {
  test("shows the blurb, social links and the navigation list", async ({ page }) => {
    await page.goto("/");
    const footer = page.locator("footer");
    await expect(footer.getByRole("navigation", { name: "Explore" }).getByRole("link")).toHaveText([
      "Home",
      "About Us",
      "Events",
      "Meditations",
      "Harmonize",
      "Contact",
      /Donate/,
    ]);
    await expect(footer.getByRole("list", { name: "Social media" }).getByRole("link")).toHaveCount(4);
    await expect(footer.getByRole("textbox", { name: "Email address" })).toBeVisible();
  });

  for (const path of ["/welcome", "/friend", "/join"]) {
    test(`is hidden on ${path}`, async ({ page }) => {
      // /welcome is for members: a visitor would be sent to /login, which has the footer.
      if (path === "/welcome") await signInWithLink(page, testEmail("footer"), "/welcome");
      else await page.goto(path);
      await expect(page).toHaveURL((url) => url.pathname === path);
      await expect(page.locator("header")).toBeVisible();
      await expect(page.locator("footer")).toHaveCount(0);
    });
  }
});

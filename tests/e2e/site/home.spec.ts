import { expect, type Page } from "@playwright/test";
import { testEmail } from "../support/auth";
import { hydrated, test } from "../support/hydration";

/** The launch sign-up ('Coming Soon') of the home page. */
function launchForm(page: Page) {
  const section = page.getByRole("region", { name: "Guided meditations to take home" });
  return {
    section,
    input: section.getByRole("textbox", { name: "Email address" }),
    button: section.getByRole("button", { name: /Notify Me|Submitting\.\.\.|Thank You!/ }),
    status: section.getByRole("status"),
  };
}

/** Fake time, paused, before the page loads: timers then run only when the test says so. */
async function pausedClock(page: Page) {
  const start = new Date("2026-10-01T18:00:00Z");
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 1000));
}

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

/** How far the candlelight-yoga section's top is from where the glide puts it (under the header). */
const distanceFromTarget = (page: Page) =>
  page.evaluate(() => {
    const section = document.getElementById("candlelight-yoga")!;
    const offset = Number.parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
    return Math.abs(section.getBoundingClientRect().top - offset);
  });

test("the hero's two buttons lead to the events and the meditations", async ({ page }) => {
  await page.goto("/");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toBeVisible();
  await main.getByRole("link", { name: "Explore Events" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/events");
  await page.goBack();
  await main.getByRole("link", { name: "Start Your Meditation Journey" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/meditations");
});

test("the sections come in the spec's order", async ({ page }) => {
  await page.goto("/");
  const headings = await page.getByRole("main").locator("h2").allTextContents();
  const order = [
    "Upcoming Events",
    "Slow movement by candlelight",
    "Guided meditations to take home",
    "What Our Community Says",
    "To make stillness something you can share",
    "Connect With Us",
  ].map((start) => headings.findIndex((heading) => heading.startsWith(start)));
  expect(order.every((index) => index >= 0)).toBe(true);
  expect([...order].sort((a, b) => a - b)).toEqual(order);
  await expect(page.getByRole("main").getByRole("link", { name: "Learn More About Us" })).toHaveAttribute("href", "/about");
  const whatsapp = page.getByRole("region", { name: "Connect With Us" }).getByRole("link", { name: /WhatsApp.*opens in a new tab/ });
  await expect(whatsapp).toHaveAttribute("target", "_blank");
  await expect(whatsapp).toHaveAttribute("rel", "noopener noreferrer");
});

test("the launch sign-up: its video, badge and list, then Submitting..., Thank You!, cleared and disabled", async ({ page }) => {
  await page.goto("/");
  const form = launchForm(page);
  await expect(form.section.getByText("Coming Soon", { exact: true })).toBeVisible();
  await expect(form.section.getByRole("listitem")).toHaveText([
    "Personalised meditation recommendations",
    "Piano-guided sessions",
    "Self-reflection worksheets",
    "Progress tracking",
  ]);
  await expect(form.section.getByText("We respect your privacy and will never share your information.")).toBeVisible();
  const video = form.section.locator("video");
  await expect(video).toHaveAttribute("preload", "metadata");
  await expect(video).toHaveAttribute("poster", /launch-platform/);
  expect(await video.evaluate((element: HTMLVideoElement) => element.muted && element.loop && element.playsInline)).toBe(true);
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => !element.paused)).toBe(true);

  // Hold the request a moment so the in-between state can be seen.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/waitlist.data*", async (route) => {
    await held;
    await route.continue();
  });
  await form.input.fill(testEmail("launch"));
  await expect(form.button).toHaveText("Notify Me");
  await form.button.click();
  await expect(form.button).toHaveText("Submitting...");
  await expect(form.button).toBeDisabled();
  await expect(form.input).toBeDisabled();
  release();
  await expect(form.button).toHaveText("Thank You!");
  await expect(form.status).toHaveText("Thank you! You're on the list.");
  await expect(form.input).toHaveValue("");
  await expect(form.input).toBeDisabled();
  await expect(form.button).toBeDisabled();
});

test("the launch sign-up shows the error text when the server refuses, and can be sent again", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  const form = launchForm(page);
  // The browser's e-mail check accepts an address without a dot in the domain; the server does not.
  await form.input.fill("someone@localhost");
  await form.button.click();
  await expect(form.status).toHaveText("There was an error. Please try again.");
  await expect(form.button).toHaveText("Notify Me");
  await expect(form.button).toBeEnabled();
  await expect(form.input).toBeEnabled();
  await expect(form.input).toHaveValue("someone@localhost");

  await form.input.fill(testEmail("retry"));
  await form.button.click();
  await expect(form.status).toHaveText("Thank you! You're on the list.");
});

test("a repeated launch sign-up, in another letter case, is a success", async ({ page }) => {
  const email = testEmail("twice");
  for (const typed of [email, email.toUpperCase()]) {
    await page.goto("/");
    const form = launchForm(page);
    await form.input.fill(typed);
    await form.button.click();
    await expect(form.status).toHaveText("Thank you! You're on the list.");
    await expect(form.button).toHaveText("Thank You!");
  }
});

test("six testimonials with name, title and avatar; initials when a picture fails", async ({ page }) => {
  await page.route("**/media/images/avatar-3.svg", (route) => route.fulfill({ status: 404, body: "" }));
  await page.goto("/");
  const section = page.getByRole("region", { name: "What Our Community Says" });
  await section.scrollIntoViewIfNeeded();
  const quotes = section.getByRole("listitem");
  await expect(quotes).toHaveCount(6);
  for (const name of ["Sarah Mitchell", "David Chen", "Maria Gonzalez", "James Okafor", "Emily Rhodes", "Noah Levin"]) {
    await expect(section.getByText(name, { exact: true })).toBeVisible();
  }
  await expect(quotes.nth(0).locator("img")).toHaveAttribute("src", "/media/images/avatar-1.svg");
  await expect(quotes.nth(2).locator("img")).toHaveCount(0);
  await expect(quotes.nth(2).getByText("MG", { exact: true })).toBeVisible();
});

test("the Hebrew letter fades out and changes every 5 s, through all five and back to Aleph", async ({ page }) => {
  await pausedClock(page);
  await page.goto("/");
  await hydrated(page);
  const letter = page.getByTestId("hebrew-letter");
  await expect(letter).toHaveText("אAleph · Unity, Oneness");
  await expect(letter.locator("span")).toHaveAttribute("aria-hidden", "true");

  await page.clock.runFor(4900);
  await expect(letter).toHaveAttribute("data-letter", "Aleph");
  await expect(letter).toHaveAttribute("style", /opacity: ?1(;|$)/);
  await page.clock.runFor(200);
  // Fading out: still Aleph, now transparent.
  await expect(letter).toHaveAttribute("data-letter", "Aleph");
  await expect(letter).toHaveAttribute("style", /opacity: ?0(;|$)/);
  await page.clock.runFor(500);
  await expect(letter).toHaveText("בBet · Creation, Duality");
  await expect(letter).toHaveAttribute("style", /opacity: ?1(;|$)/);

  for (const [name, meaning] of [
    ["Gimel", "Movement, Balance"],
    ["Dalet", "Doorway, Humility"],
    ["Heh", "Breath, Revelation"],
    ["Aleph", "Unity, Oneness"],
  ]) {
    await page.clock.runFor(5000);
    await expect(letter).toHaveAttribute("data-letter", name!);
    await expect(letter).toContainText(meaning!);
  }
});

test("the page glides to the candlelight-yoga section after 1.2 s without input, over 2 s, once", async ({ page }) => {
  await pausedClock(page);
  await page.goto("/");
  await hydrated(page);
  await page.clock.runFor(1100);
  expect(await scrollY(page)).toBe(0);
  await page.clock.runFor(1100);
  const halfway = await scrollY(page);
  expect(halfway).toBeGreaterThan(0);
  expect(await distanceFromTarget(page)).toBeGreaterThan(1);
  await page.clock.runFor(1200);
  expect(await distanceFromTarget(page)).toBeLessThanOrEqual(1);
  await expect(page.locator("#candlelight-yoga")).toBeInViewport();

  // Once per page view: back at the top, it stays there.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.clock.runFor(5000);
  expect(await scrollY(page)).toBe(0);
});

test("without fake time, the glide lands on the candlelight-yoga section within about 3.2 s", async ({ page }) => {
  await page.goto("/");
  await expect.poll(() => distanceFromTarget(page), { timeout: 6000 }).toBeLessThanOrEqual(1);
});

test("a key pressed during the glide stops it where it is", async ({ page }) => {
  await pausedClock(page);
  await page.goto("/");
  await hydrated(page);
  await page.clock.runFor(2000);
  await page.keyboard.down("Shift");
  await page.keyboard.up("Shift");
  const stopped = await scrollY(page);
  await page.clock.runFor(3000);
  expect(await scrollY(page)).toBe(stopped);
  expect(await distanceFromTarget(page)).toBeGreaterThan(1);
});

test("no glide after the visitor has scrolled", async ({ page }) => {
  await pausedClock(page);
  await page.goto("/");
  await hydrated(page);
  await page.mouse.wheel(0, 240);
  await expect.poll(() => scrollY(page)).toBeGreaterThan(0);
  const scrolled = await scrollY(page);
  await page.clock.runFor(5000);
  expect(await scrollY(page)).toBe(scrolled);
});

test.describe("with reduced motion", () => {
  test("no glide, and the Hebrew letter stays", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await pausedClock(page);
    await page.goto("/");
    await hydrated(page);
    await page.clock.runFor(12_000);
    expect(await scrollY(page)).toBe(0);
    await expect(page.getByTestId("hebrew-letter")).toHaveAttribute("data-letter", "Aleph");
    await expect(page.getByTestId("hebrew-letter")).toHaveAttribute("style", /opacity: ?1(;|$)/);
  });
});

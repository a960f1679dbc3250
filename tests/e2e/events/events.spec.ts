import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { test } from "../support/hydration";
import { demoEvents } from "#app/modules/demo/demo-events";
import { siteConfig } from "#app/lib/site-config";
import { dateRangeLabel } from "#app/lib/event-dates";
import { reservationMessages } from "#app/modules/reservations/reservation-form";
import { testEmail } from "../support/auth";
import { waitForMail } from "../support/mail";
import { onBothDatabases } from "../support/tags";
import { fieldError } from "../support/form-errors";

const card = (page: Page, title: string) => page.getByRole("article", { name: title });

/** The reserve button exists once the page has hydrated (before that it is a link to the reservation page). */
/**
 * A card's 'Reserve' link once it opens the dialog (it says so with aria-haspopup once the page is
 * hydrated; before that it leads to the reservation page, which the no-JavaScript tests follow).
 */
async function reserveButton(page: Page, title: string, label = "Reserve Your Spot") {
  const link = card(page, title).getByRole("link", { name: label });
  await expect(link).toHaveAttribute("aria-haspopup", "dialog");
  return link;
}

test("/events shows every card's state and the range of the listed dates", async ({ page }) => {
  await page.goto("/events");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Upcoming Events" })).toBeVisible();

  for (const title of ["Garden Piano Meditation", "Dawn Breathwork on the Beach"]) {
    await expect(card(page, title).getByRole("button", { name: "Guest List Full" })).toBeDisabled();
  }
  for (const title of ["Winter Solstice Piano Meditation", "Breath and Sound Workshop"]) {
    await expect(card(page, title).getByRole("button", { name: "Past Event" })).toBeDisabled();
  }
  await expect(card(page, "Piano Meditation Retreat Weekend").getByRole("button", { name: "Coming Soon" })).toBeDisabled();
  await expect(card(page, "Living Room Concert for Friends").getByRole("button", { name: "Private Event" })).toBeDisabled();

  const tickets = card(page, "Full Moon Piano and Breathwork").getByRole("link", { name: "Get Tickets" });
  await expect(tickets).toHaveAttribute("target", "_blank");
  await expect(tickets).toHaveAttribute("rel", "noopener noreferrer");

  const featured = card(page, "Candlelight Piano Meditation");
  await expect(featured.getByText("Featured Event")).toBeVisible();
  await expect(featured.getByRole("link", { name: "Candlelight Piano Meditation" })).toHaveAttribute("href", /^\/events\/candlelight-piano-meditation-\d+$/);
  await expect(await reserveButton(page, "Candlelight Yoga with Live Piano", "Reserve a Mat")).toBeEnabled();

  // Drafts and archived events are not listed, so they do not stretch the range either.
  const listed = demoEvents().filter((event) => (event.status ?? "published") === "published");
  await expect(page.getByText(dateRangeLabel(listed.map((event) => event.startsAt), siteConfig.venue.timeZone)!, { exact: true })).toBeVisible();
  await expect(page.getByText("No events found")).toHaveCount(0);

  const venue = page.getByRole("link", { name: /View Venue Details/ });
  await expect(venue).toHaveAttribute("target", "_blank");
  await expect(venue).toHaveAttribute("href", new RegExp(encodeURIComponent(siteConfig.venue.neighbourhood)));

  // The event's reservation page (the reserve button's target without JavaScript) is accessible too.
  await page.goto(`${await featured.getByRole("link", { name: "Candlelight Piano Meditation" }).getAttribute("href")}/reserve`);
  await expect(page.getByRole("heading", { level: 1, name: "Candlelight Piano Meditation" })).toBeVisible();
  const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21aa", "best-practice"]).analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);
});

test("reserving from /events: browser checks, 'Submitting...', the confirmation, closing it goes home, and the e-mail with its .ics arrives", onBothDatabases, async ({ page }) => {
  await page.goto("/events");
  await (await reserveButton(page, "Candlelight Piano Meditation")).click();
  const dialog = page.getByRole("dialog", { name: "Reserve Your Spot" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(reservationMessages.contribution)).toBeVisible();

  await dialog.getByRole("button", { name: "Confirm Reservation" }).click();
  await expect(fieldError(dialog, reservationMessages.name)).toBeVisible();
  await expect(dialog.getByLabel("Name")).toBeFocused();
  await expect(dialog.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");

  const email = testEmail("guest");
  await dialog.getByLabel("Name").fill("Ada Guest");
  await dialog.getByLabel("Email").fill("not-an-address");
  await dialog.getByRole("button", { name: "Confirm Reservation" }).click();
  await expect(fieldError(dialog, reservationMessages.email)).toBeVisible();
  await expect(fieldError(dialog, reservationMessages.name)).toHaveCount(0);

  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Phone (optional)").fill("(619) 555-0100");
  await dialog.getByLabel("Seats").fill("2");

  // Hold the post until the pending text has been seen, so the check does not race the server.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/reserve*", async (route) => {
    await held;
    await route.continue();
  });
  await dialog.getByRole("button", { name: "Confirm Reservation" }).click();
  await expect(dialog.getByRole("button", { name: "Submitting..." })).toBeDisabled();
  release();

  const confirmed = page.getByRole("dialog", { name: "Reservation Confirmed!" });
  await expect(confirmed).toBeVisible();
  await expect(confirmed).toContainText("Candlelight Piano Meditation");
  await expect(confirmed).toContainText(email);
  await expect(dialog).toBeHidden();

  await confirmed.getByRole("button", { name: "Back to Home" }).click();
  await expect(page).toHaveURL("/");

  // The confirmation arrives over SMTP, with the event's details and its calendar invitation.
  const mail = await waitForMail(email);
  expect(mail.subject).toContain("Candlelight Piano Meditation");
  expect(mail.text).toContain("Add to Google Calendar");
  expect(mail.text).toMatch(/Content-Type: text\/calendar[^\n]*\n(?:[^\n]+\n)*?[^\n]*filename="?[\w-]+\.ics/i);
});

test("the reserve dialog keeps keyboard focus inside and hands it back on close", async ({ page }) => {
  await page.goto("/events");
  const trigger = await reserveButton(page, "VIP Sunset Gathering at Mt. Soledad");
  await trigger.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Reserve Your Spot" });
  await expect(dialog.getByLabel("Name")).toBeVisible();

  const axe = await new AxeBuilder({ page }).include("dialog[open]").withTags(["wcag2a", "wcag2aa", "wcag21aa", "best-practice"]).analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);

  const focusInDialog = () => page.evaluate(() => Boolean(document.activeElement?.closest("dialog[open]")));
  for (let press = 0; press < 10; press += 1) {
    await page.keyboard.press("Tab");
    expect(await focusInDialog()).toBe(true);
  }
  for (let press = 0; press < 4; press += 1) {
    await page.keyboard.press("Shift+Tab");
    expect(await focusInDialog()).toBe(true);
  }

  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();

  // The dialog's code is already here: it opens again, with the focus inside.
  await page.keyboard.press("Enter");
  await expect(dialog.getByLabel("Name")).toBeVisible();
  await expect.poll(focusInDialog).toBe(true);
  await page.keyboard.press("Escape");
  await expect(trigger).toBeFocused();
});

test("without JavaScript the reserve button leads to the reservation page, which keeps the values and confirms", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/events");
  await card(page, "Candlelight Yoga with Live Piano").getByRole("link", { name: "Reserve a Mat" }).click();
  await expect(page).toHaveURL(/\/events\/candlelight-yoga-with-live-piano-\d+\/reserve$/);
  await expect(page.getByRole("heading", { level: 1, name: "Candlelight Yoga with Live Piano" })).toBeVisible();

  const email = testEmail("nojs");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Seats").fill("12");
  await page.getByRole("button", { name: "Reserve a Mat" }).click();
  await expect(fieldError(page, reservationMessages.name)).toBeVisible();
  await expect(fieldError(page, reservationMessages.seats)).toBeVisible();
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(email);
  await expect(page.getByLabel("Seats")).toHaveValue("12");

  await page.getByLabel("Name").fill("Grace Offline");
  await page.getByLabel("Seats").fill("3");
  await page.getByRole("button", { name: "Reserve a Mat" }).click();
  await expect(page.getByRole("heading", { name: "Reservation Confirmed!" })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await page.getByRole("link", { name: "Back to Home" }).first().click();
  await expect(page).toHaveURL("/");
  await context.close();
});

test("the home page shows three events, the first full width, and leads to all events", async ({ page }) => {
  await page.goto("/");
  const section = page.getByRole("region", { name: "Upcoming Events" });
  const cards = section.getByRole("article");
  await expect(cards).toHaveCount(3);
  await expect(cards.first()).toHaveAccessibleName("Candlelight Piano Meditation");
  await expect(cards.first().getByText("Featured Event")).toBeVisible();
  // The featured card spans the section; the others share a row.
  const [first, second] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
  expect(first!.width).toBeGreaterThan(second!.width * 1.5);

  await section.getByRole("link", { name: "View All Events" }).click();
  await expect(page).toHaveURL("/events");
  await expect(page.getByRole("article", { name: "Garden Piano Meditation" })).toBeVisible();
});

test("while /events reloads its events, 'Loading events...' shows in place of the cards", async ({ page }) => {
  await page.goto("/events");
  await reserveButton(page, "Candlelight Piano Meditation");

  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/events.data*", async (route) => {
    await held;
    await route.continue();
  });
  // The header's Events link, followed from /events itself, reloads the page's data.
  await page.getByRole("navigation", { name: "Main" }).locator('a[href="/events"]:visible').first().click();
  await expect(page.getByRole("status").filter({ hasText: "Loading events..." })).toBeVisible();
  release();
  await expect(page.getByRole("status").filter({ hasText: "Loading events..." })).toHaveCount(0);
  await expect(card(page, "Candlelight Piano Meditation")).toBeVisible();
});

import { expect, type Page } from "@playwright/test";
import { test } from "../support/hydration";
import { testEmail } from "../support/auth";
import { linkIn, waitForMail } from "../support/mail";
import { onBothDatabases } from "../support/tags";

/**
 * A guest cancels from the e-mailed link, and a full event's waiting list passes the freed seat
 * on, on 'Piano Circle for Two' (demo content: two seats, no reservations). The two tests share
 * that event, so they run one after the other.
 */
test.describe.configure({ mode: "serial" });

const TITLE = "Piano Circle for Two";
const card = (page: Page) => page.getByRole("article", { name: TITLE });

let eventHref: string | undefined;

/** The event's page, opened by its address (a full load: no client navigation left running to abort the next one). */
async function openEventPage(page: Page) {
  if (!eventHref) {
    await page.goto("/events");
    eventHref = (await page.getByRole("link", { name: TITLE }).first().getAttribute("href"))!;
  }
  await page.goto(eventHref);
  await expect(page.getByRole("heading", { level: 1, name: TITLE })).toBeVisible();
}

async function reserveBothSeats(page: Page, email: string) {
  await openEventPage(page);
  await page.goto(`${eventHref}/reserve`);
  await page.getByLabel("Name", { exact: true }).fill("Ann Guest");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Seats", { exact: true }).fill("2");
  await page.getByRole("button", { name: "Reserve Your Spot" }).click();
  await expect(page.getByRole("heading", { name: "Reservation Confirmed!" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Cancel or change this reservation" })).toBeVisible();
}

test("a guest cancels from the e-mailed link: opening it changes nothing, the button gives the seats back", onBothDatabases, async ({ page }) => {
  const email = testEmail("cancel");
  await reserveBothSeats(page, email);
  await openEventPage(page);
  await expect(card(page).getByRole("button", { name: "Guest List Full" })).toBeDisabled();

  const cancelUrl = linkIn(await waitForMail(email), "/reservations/cancel?token=");
  // What a mail scanner does: a GET, twice. The guest list stays full.
  await page.goto(cancelUrl);
  await expect(page.getByRole("heading", { name: "Cancel your reservation" })).toBeVisible();
  await page.goto(cancelUrl);
  await openEventPage(page);
  await expect(card(page).getByRole("button", { name: "Guest List Full" })).toBeDisabled();

  await page.goto(cancelUrl);
  await page.getByRole("button", { name: "Cancel seats" }).click();
  await expect(page.getByRole("heading", { name: "Your reservation is cancelled" })).toBeVisible();
  await openEventPage(page);
  await expect(card(page).getByRole("link", { name: "Reserve Your Spot" })).toBeVisible();
  expect((await waitForMail(email, 2)).subject).toBe(`Reservation cancelled: ${TITLE}`);

  // The used link says so.
  await page.goto(cancelUrl);
  await expect(page.getByText("This link has already been used.")).toBeVisible();
});

test("the waiting list end to end: join when full, a seat is freed, the offer e-mail, claim, confirmed", onBothDatabases, async ({ page }) => {
  const holder = testEmail("holder");
  const waiter = testEmail("waiter");
  await reserveBothSeats(page, holder);

  await openEventPage(page);
  await card(page).getByRole("link", { name: "Join the waiting list" }).click();
  await page.getByLabel("Name", { exact: true }).fill("Bea Waiting");
  await page.getByLabel("Email", { exact: true }).fill(waiter);
  await page.getByLabel("Seats wanted").fill("1");
  await page.getByRole("button", { name: "Join the waiting list" }).click();
  await expect(page.getByRole("heading", { name: "You are number 1 on the waiting list" })).toBeVisible();

  // The holder gives one seat back.
  await page.goto(linkIn(await waitForMail(holder), "/reservations/cancel?token="));
  await page.getByLabel("Seats to cancel").selectOption("1");
  await page.getByRole("button", { name: "Cancel seats" }).click();
  await expect(page.getByRole("heading", { name: "Your reservation is changed" })).toBeVisible();

  // The seat is held for the waiting guest: still full for everyone else.
  await openEventPage(page);
  await expect(card(page).getByRole("button", { name: "Guest List Full" })).toBeDisabled();

  const offer = await waitForMail(waiter, 2);
  expect(offer.subject).toBe(`Seats for you: ${TITLE}`);
  await page.goto(linkIn(offer, "/waiting-list/offer?token="));
  await page.getByRole("button", { name: "Claim my seats" }).click();
  await expect(page.getByRole("heading", { name: "Reservation Confirmed!" })).toBeVisible();
  expect((await waitForMail(waiter, 3)).subject).toBe(`Reservation confirmed: ${TITLE}`);
});

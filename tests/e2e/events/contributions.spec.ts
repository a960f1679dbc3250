import { expect, type Browser, type Page } from "@playwright/test";
import { test } from "../support/hydration";
import { signIn, testEmail } from "../support/auth";
import { staffAccounts } from "../support/accounts";
import { linkIn, waitForMail } from "../support/mail";
import { createPublishedEvent } from "../support/staff-events";

/**
 * A guest's contribution, acting as a person on a phone (390 px, straight after load), through the
 * Stripe stand-in's hosted page (tests/support/stripe-stand-in-server.ts) and its signed webhooks
 * (issue 37): pay after reserving, pay later from the e-mail, cancel early (refunded) or late (kept,
 * and the page said so before the press).
 */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const TIME_ZONE = "America/Los_Angeles";

/** The venue's date and time (YYYY-MM-DD, HH:MM) `hours` from now, as the events form takes them. */
function venueDateTime(hours: number): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", { timeZone: TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
      .formatToParts(new Date(Date.now() + hours * 3600_000))
      .map((part) => [part.type, part.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** An admin (their own browser context) publishes an event `hours` from now; its id and public path. */
async function eventIn(browser: Browser, admin: string, title: string, hours: number) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, admin, "/admin/eventmanagement");
  const event = await createPublishedEvent(page.request, { title, ...venueDateTime(hours) });
  return { ...event, admin: page, close: () => context.close() };
}

/**
 * Reserves on the event's page: its card's 'Reserve Your Spot' opens the dialog once the page has
 * hydrated, and the reservation page before (either way the same form and the same answer), or on
 * the reservation page itself.
 */
async function reserve(page: Page, href: string, guest: { email: string; seats: string; perSeat: string }, from: "event page" | "reservation page" = "reservation page") {
  if (from === "event page") {
    await page.goto(href);
    await page.getByRole("article").getByRole("link", { name: "Reserve Your Spot" }).first().click();
  } else await page.goto(`${href}/reserve`);
  await page.getByLabel("Name", { exact: true }).fill("Ada Contributor");
  await page.getByLabel("Email", { exact: true }).fill(guest.email);
  await page.getByLabel("Seats", { exact: true }).fill(guest.seats);
  await page.getByLabel(/Your contribution per seat/).fill(guest.perSeat);
  // The dialog's button says "Confirm Reservation", the page's "Reserve Your Spot".
  await page.getByRole("button", { name: /^(Reserve Your Spot|Confirm Reservation)$/ }).click();
  await expect(page.getByRole("heading", { name: "Reservation Confirmed!" })).toBeVisible();
}

/** On the Stripe stand-in's hosted page: pays, and lands back on our page. */
async function payOnStripe(page: Page, amount: string) {
  await expect(page.getByRole("heading", { name: `Pay ${amount} USD` })).toBeVisible();
  await page.getByRole("button", { name: `Pay ${amount} USD` }).click();
  await expect(page.getByRole("heading", { name: "Thank you for your contribution" })).toBeVisible();
}

test("reserve 2 seats at $30, pay $60 on Stripe's page, and the door list shows it paid", async ({ page, browser }) => {
  const event = await eventIn(browser, staffAccounts.guestContributionAdmins[0]!, "Contribution Evening One", 24 * 5);
  try {
    await reserve(page, event.href, { email: testEmail("pays"), seats: "2", perSeat: "30" }, "event page");
    await page.getByRole("button", { name: "Pay my contribution ($60 for 2 seats)" }).click();
    await payOnStripe(page, "60.00");
    await expect(page.getByText("Your contribution of $60 for Contribution Evening One is paid.")).toBeVisible();

    await event.admin.goto(`/admin/eventreservations/${event.id}/check-in`);
    await expect(event.admin.getByText(/Paid \$60/).first()).toBeVisible();
  } finally {
    await event.close();
  }
});

test("pay later from the confirmation e-mail's link, choosing another amount in the range", async ({ page, browser }) => {
  const event = await eventIn(browser, staffAccounts.guestContributionAdmins[1]!, "Contribution Evening Two", 24 * 6);
  const email = testEmail("later");
  try {
    await reserve(page, event.href, { email, seats: "2", perSeat: "20" });
    const link = linkIn(await waitForMail(email), "/reservations/contribution?token=");
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Pay your contribution" })).toBeVisible();
    await page.getByLabel(/Your contribution per seat/).fill("25");
    await page.getByRole("button", { name: "Pay my contribution" }).click();
    await payOnStripe(page, "50.00");
    // The link now says it is paid.
    await page.goto(link);
    await expect(page.getByText("Paid $50 by card")).toBeVisible();
    await expect.poll(async () => (await waitForMail(email, 2)).subject).toBe("Thank you for your contribution: Contribution Evening Two");
  } finally {
    await event.close();
  }
});

test("cancel three days before: the page says it refunds, and the contribution goes back to the card", async ({ page, browser }) => {
  const event = await eventIn(browser, staffAccounts.guestContributionAdmins[2]!, "Contribution Evening Three", 24 * 3 + 2);
  const email = testEmail("early");
  try {
    await reserve(page, event.href, { email, seats: "2", perSeat: "30" });
    await page.getByRole("button", { name: "Pay my contribution ($60 for 2 seats)" }).click();
    await payOnStripe(page, "60.00");
    await page.goto(linkIn(await waitForMail(email), "/reservations/cancel?token="));
    await expect(page.getByTestId("refund-rule")).toHaveText(/Cancelling now, at least 48 hours before the event, refunds it to your card automatically\./);
    await page.getByRole("button", { name: "Cancel seats" }).click();
    await expect(page.getByRole("heading", { name: "Your reservation is cancelled" })).toBeVisible();
    await expect(page.getByText("Your contribution of $60 is being refunded to your card")).toBeVisible();
  } finally {
    await event.close();
  }
});

test("cancel two hours before: the page says the contribution is kept, and it is", async ({ page, browser }) => {
  const event = await eventIn(browser, staffAccounts.guestContributionAdmins[3]!, "Contribution Evening Four", 2);
  const email = testEmail("late");
  try {
    await reserve(page, event.href, { email, seats: "1", perSeat: "40" });
    await page.getByRole("button", { name: "Pay my contribution ($40 for 1 seat)" }).click();
    await payOnStripe(page, "40.00");
    await page.goto(linkIn(await waitForMail(email), "/reservations/cancel?token="));
    await expect(page.getByTestId("refund-rule")).toHaveText(/Cancellations less than 48 hours before the event are not refunded: the contribution is kept\./);
    await page.getByRole("button", { name: "Cancel seats" }).click();
    await expect(page.getByRole("heading", { name: "Your reservation is cancelled" })).toBeVisible();
    await expect(page.getByText("Your contribution of $40 is kept")).toBeVisible();
  } finally {
    await event.close();
  }
});

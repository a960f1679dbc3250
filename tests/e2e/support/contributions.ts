import { expect, type Page } from "@playwright/test";
import Stripe from "stripe";
import { stripeTestKeys } from "#tests/support/stripe-test-keys";
import { siteUrl, stripeUrl } from "./ports";

/** A guest's reservation id, read from the check-in page's HTML (each guest's row is named by it) by a signed-in staff page. */
export async function reservationIdOf(page: Page, eventId: string, guestName: string): Promise<string> {
  const html = await (await page.request.get(`/admin/eventreservations/${eventId}/check-in`)).text();
  const id = new RegExp(`id="guest-([0-9a-f-]{36})"[^>]*>${guestName}<`).exec(html)?.[1];
  if (!id) throw new Error(`No guest ${guestName} at the door of ${eventId}`);
  return id;
}

/**
 * A guest pays their contribution by card, through the real parts: a Checkout Session opened at the
 * Stripe stand-in with the official SDK and the metadata our checkout gives its sessions (naming the
 * reservation), the guest's browser pressing Pay on the stand-in's hosted page, the stand-in's
 * signed `checkout.session.completed` reaching the site's webhook, which takes the session as ours
 * (the path of a session whose row was never written) and marks it paid.
 */
export async function payByCard(guestPage: Page, guest: { reservationId: string; eventId: string; seats: number; name: string; email: string; amountCents: number }) {
  const { port } = new URL(stripeUrl);
  const stripe = new Stripe(stripeTestKeys.secretKey, { host: "127.0.0.1", port, protocol: "http", maxNetworkRetries: 0 });
  const session = await stripe.checkout.sessions.create({
    mode: "payment",
    line_items: [{ quantity: 1, price_data: { currency: "usd", unit_amount: guest.amountCents, product_data: { name: "Contribution" } } }],
    customer_email: guest.email,
    client_reference_id: guest.reservationId,
    metadata: {
      harmonia_purpose: "contribution",
      harmonia_reservation_id: guest.reservationId,
      harmonia_event_id: guest.eventId,
      harmonia_seats: String(guest.seats),
      harmonia_payer_name: guest.name,
    },
    success_url: `${siteUrl}/?paid={CHECKOUT_SESSION_ID}`,
    cancel_url: `${siteUrl}/`,
  });
  await guestPage.goto(session.url!);
  await guestPage.getByRole("button", { name: /^Pay \d/ }).click();
  await expect(guestPage).toHaveURL((url) => url.origin === siteUrl);
}

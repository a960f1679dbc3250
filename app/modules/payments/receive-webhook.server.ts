import { eq } from "drizzle-orm";
import { paymentEvents, payments } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import type { OutboxWake } from "#app/modules/messaging/index.server";
import { applyCheckoutSession } from "./apply-session.server";
import type { PaymentGateway } from "./payment-gateway.server";
import { processDueRefunds, settleRefundedAmount } from "./refunds.server";

/** Stripe's events are a few kilobytes; a body past this is not one of them. */
export const WEBHOOK_BODY_LIMIT_BYTES = 256 * 1024;

/**
 * The events we apply, to select when adding the endpoint in Stripe's dashboard (/admin/setup lists
 * them); Stripe may send others an endpoint was subscribed to, which are acknowledged and left.
 */
export const STRIPE_WEBHOOK_EVENTS = [
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
  "checkout.session.expired",
  "charge.refunded",
] as const;
const APPLIED = new Set<string>(STRIPE_WEBHOOK_EVENTS);

export type WebhookOutcome =
  | { ok: true; status: 200; message: string }
  | { ok: false; status: 400 | 404 | 409 | 413; message: string };

class NotYetKnown extends Error {}

/**
 * POST /api/payments/stripe: an event Stripe sends. Acts only when the signature over the raw body is
 * good (STRIPE_WEBHOOK_SECRET); each event id is applied once (payment_events), in one transaction
 * with its change, so a second delivery, or events in another order, end in the same state.
 */
export async function receiveStripeWebhook(
  db: Database,
  gateway: PaymentGateway | null,
  delivery: { rawBody: string; signature: string | null },
  wake: OutboxWake,
  now = new Date(),
): Promise<WebhookOutcome> {
  if (!gateway) return { ok: false, status: 404, message: "Payments are not configured here." };
  if (Buffer.byteLength(delivery.rawBody, "utf8") > WEBHOOK_BODY_LIMIT_BYTES) return { ok: false, status: 413, message: "Too large." };
  const event = gateway.verifyWebhook(delivery.rawBody, delivery.signature);
  if (!event) return { ok: false, status: 400, message: "The signature does not match." };
  if (!APPLIED.has(event.type)) return { ok: true, status: 200, message: "Not an event we apply." };

  const applied = await db.transaction(async (tx) => {
    const [fresh] = await tx.insert(paymentEvents).values({ providerEventId: event.id, type: event.type, receivedAt: now }).onConflictDoNothing().returning();
    if (!fresh) return { repeated: true as const };
    if (event.session) {
      const result = await applyCheckoutSession(tx, event.session, { eventType: event.type, now });
      if (result.payment) await tx.update(paymentEvents).set({ paymentId: result.payment.id }).where(eq(paymentEvents.providerEventId, event.id));
      return { repeated: false as const, receipt: result.receiptMessageId, refund: result.refundQueued };
    }
    if (event.charge?.paymentIntent) {
      const [payment] = await tx.select().from(payments).where(eq(payments.providerPaymentIntent, event.charge.paymentIntent)).for("update");
      // A refund of a payment whose completion has not come yet: not stored, and answered so that Stripe sends it again later.
      if (!payment) throw new NotYetKnown();
      await settleRefundedAmount(tx, payment.id, now, event.charge.amountRefunded);
      await tx.update(paymentEvents).set({ paymentId: payment.id }).where(eq(paymentEvents.providerEventId, event.id));
    }
    return { repeated: false as const };
  }).catch((error: unknown) => {
    if (error instanceof NotYetKnown) return "not-yet" as const;
    throw error;
  });
  if (applied === "not-yet") return { ok: false, status: 409, message: "This payment is not known here yet; send the event again later." };
  if (applied.repeated) return { ok: true, status: 200, message: "Already applied." };
  if (applied.receipt) await wake(applied.receipt);
  if (applied.refund) await processDueRefunds(db, gateway, { now });
  return { ok: true, status: 200, message: "Applied." };
}

import { and, eq, inArray, ne } from "drizzle-orm";
import { payments, paymentRefunds, type PaymentRow } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import { queueEmailToRender } from "#app/modules/messaging/index.server";
import { findEvent } from "#app/modules/events/index.server";
import type { CheckoutSession } from "./payment-gateway.server";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isForeignKeyViolation = (error: unknown) =>
  typeof error === "object" && error !== null && (error as { cause?: { code?: unknown } }).cause?.code === "23503";

/** The receipt e-mail's renderer (receipt-email.server.ts). */
export const RECEIPT_RENDERER = "contribution-receipt";

/** What applying a session did, for the caller to wake the outbox and the refund pass. */
export interface Applied {
  payment: PaymentRow | null;
  /** The receipt queued now (first time paid). */
  receiptMessageId?: string;
  /** A refund row written now (a payment for a reservation already gone). */
  refundQueued: boolean;
}

/** Sessions' metadata keys: what names our payment at the provider. */
export const METADATA = { purpose: "harmonia_purpose", reservationId: "harmonia_reservation_id", eventId: "harmonia_event_id", seats: "harmonia_seats", payerName: "harmonia_payer_name" } as const;

/**
 * Brings our payment in line with a Checkout Session the provider vouched for (a signed webhook, or
 * our own retrieve). States only move forward (pending → paid, failed or expired; a refunded payment
 * stays refunded), so the same session applied twice, or its events in any order, end in one state.
 * Called in the caller's transaction; locks the payment's row.
 */
export async function applyCheckoutSession(tx: Database, session: CheckoutSession, options: { eventType?: string; now: Date }): Promise<Applied> {
  let [payment] = await tx.select().from(payments).where(eq(payments.providerSessionId, session.id)).for("update");
  if (!payment) {
    const adopted = await adoptSession(tx, session);
    if (!adopted) return { payment: null, refundQueued: false };
    payment = adopted;
  }
  const paid = session.paymentStatus === "paid" || session.paymentStatus === "no_payment_required";
  const failed = options.eventType === "checkout.session.async_payment_failed";
  const intent = session.paymentIntent ?? payment.providerPaymentIntent;

  if (paid && (payment.status === "pending" || payment.status === "failed" || payment.status === "expired")) {
    const amountCents = session.amountTotal > 0 ? session.amountTotal : payment.amountCents;
    const [updated] = await tx
      .update(payments)
      .set({ status: "paid", paidAt: options.now, providerPaymentIntent: intent, amountCents, updatedAt: options.now })
      .where(eq(payments.id, payment.id))
      .returning();
    payment = updated!;
    const receipt = payment.payerEmail
      ? await queueEmailToRender(tx, {
          kind: RECEIPT_RENDERER,
          to: payment.payerEmail,
          subject: payment.purpose === "gift" ? "Thank you for your gift" : "Thank you for your contribution",
          idempotencyKey: `contribution-receipt:${payment.id}`,
          renderer: RECEIPT_RENDERER,
          refs: { paymentId: payment.id },
        })
      : undefined;
    // Money for seats that were given back meanwhile goes back: nobody pays for a reservation they no longer hold
    // (nor for an event deleted meanwhile, whose id is then null too). Nor twice: a card payment completing after the door recorded cash (or another checkout) is given back.
    const gone = payment.reservationId === null && session.metadata[METADATA.purpose] === "contribution";
    const paidBefore = payment.reservationId
      ? await tx
          .select({ id: payments.id })
          .from(payments)
          .where(and(eq(payments.reservationId, payment.reservationId), ne(payments.id, payment.id), inArray(payments.status, ["paid", "partly_refunded"])))
      : [];
    const refundQueued = gone || paidBefore.length > 0;
    if (refundQueued) {
      await tx.insert(paymentRefunds).values({
        paymentId: payment.id,
        amountCents: payment.amountCents,
        reason: gone ? "The reservation was cancelled before the payment completed." : "The contribution had already been paid.",
        requestedBy: gone ? "reservation gone" : "paid twice",
        nextAttemptAt: options.now,
        createdAt: options.now,
      });
      console.log(`[payments] payment ${payment.id} came for a reservation ${gone ? "cancelled meanwhile" : "already paid"}: refunding it in full`);
    }
    return { payment, receiptMessageId: receipt?.id, refundQueued };
  }
  if (payment.status === "pending") {
    const next = failed ? "failed" : session.status === "expired" ? "expired" : null;
    if (next || intent !== payment.providerPaymentIntent) {
      const [updated] = await tx
        .update(payments)
        .set({ status: next ?? payment.status, providerPaymentIntent: intent, updatedAt: options.now })
        .where(eq(payments.id, payment.id))
        .returning();
      payment = updated!;
    }
  }
  return { payment, refundQueued: false };
}

/**
 * A session we opened whose row was never written (the process stopped between the provider's answer
 * and our insert): its metadata, which only we set, says what it was for. Anything else is not ours.
 */
async function adoptSession(tx: Database, session: CheckoutSession): Promise<PaymentRow | null> {
  const meta = session.metadata;
  const named = meta[METADATA.purpose];
  if ((named !== "contribution" && named !== "gift") || session.amountTotal <= 0) return null;
  const purpose: "contribution" | "gift" = named;
  const seats = Number(meta[METADATA.seats]);
  const eventId = meta[METADATA.eventId];
  const event = eventId && UUID.test(eventId) ? await findEvent(tx, { eventId }) : undefined;
  const reservationId = meta[METADATA.reservationId];
  const values = {
    reservationId: purpose === "contribution" && reservationId && UUID.test(reservationId) ? reservationId : null,
    eventId: event?.id ?? null,
    payerName: (meta[METADATA.payerName] ?? "Guest").slice(0, 100),
    payerEmail: session.customerEmail,
    purpose,
    seats: purpose === "gift" ? null : Number.isInteger(seats) && seats >= 1 && seats <= 10 ? seats : 1,
    method: "card" as const,
    provider: "stripe",
    providerSessionId: session.id,
    providerPaymentIntent: session.paymentIntent,
    amountCents: session.amountTotal,
    currency: session.currency,
    status: "pending" as const,
    checkoutUrl: session.url,
  };
  const insert = (row: typeof values) => tx.insert(payments).values(row).onConflictDoNothing().returning();
  // The reservation may be gone since (its foreign key refuses it): then the payment belongs to no reservation, and is refunded.
  const [row] = await tx.transaction((savepoint) => savepoint.insert(payments).values(values).onConflictDoNothing().returning()).catch((error: unknown) => {
    if (isForeignKeyViolation(error)) return insert({ ...values, reservationId: null });
    throw error;
  });
  if (row) return row;
  const [existing] = await tx.select().from(payments).where(eq(payments.providerSessionId, session.id)).for("update");
  return existing ?? null;
}

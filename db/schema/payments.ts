import { sql } from "drizzle-orm";
import { check, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { events } from "./events";
import { reservations } from "./reservations";

/**
 * Where a payment stands (docs/decisions/066). `pending`: a checkout was opened and not finished,
 * or a delayed method is still settling; `paid`; `partly_refunded` / `refunded` once refunds
 * succeeded; `failed` (a delayed method that did not settle); `expired` (a checkout abandoned).
 * Moves only forward: a late or repeated provider event never takes a paid payment back to pending.
 */
export const paymentStatus = pgEnum("payment_status", ["pending", "paid", "partly_refunded", "refunded", "failed", "expired"]);

/** What the money is for: a reservation's contribution, or a one-off gift through /donate. */
export const paymentPurpose = pgEnum("payment_purpose", ["contribution", "gift"]);

/** How the money came: by card through the provider's checkout, or in cash or otherwise, recorded by staff. */
export const paymentMethod = pgEnum("payment_method", ["card", "cash", "other"]);

/**
 * A contribution for a reservation's seats, paid or being paid. The reservation may go (cancelled,
 * deleted): the payment stays with the event, the payer's name and address as they were, since money
 * taken is a fact the brand must still account for and may have to give back.
 */
export const payments = pgTable(
  "payments",
  {
    id: uuid().primaryKey().defaultRandom(),
    purpose: paymentPurpose().notNull().default("contribution"),
    reservationId: uuid("reservation_id").references(() => reservations.id, { onDelete: "set null" }),
    eventId: uuid("event_id").references(() => events.id, { onDelete: "set null" }),
    payerName: text("payer_name").notNull(),
    payerEmail: text("payer_email"),
    /** The reservation's seats when the payment was made, which the amount was for; null for a gift. */
    seats: integer(),
    method: paymentMethod().notNull(),
    /** 'stripe' for a card payment; null for one staff recorded. */
    provider: text(),
    /** The provider's Checkout Session id (cs_…): one payment per session. */
    providerSessionId: text("provider_session_id"),
    /** The provider's PaymentIntent (pi_…), known once the session completed: what refunds name. */
    providerPaymentIntent: text("provider_payment_intent"),
    /** Whole cents, computed on the server from the reservation's seats and the per-seat range. */
    amountCents: integer("amount_cents").notNull(),
    currency: text().notNull().default("usd"),
    status: paymentStatus().notNull(),
    /** What refunds that succeeded gave back, in cents (never more than the amount). */
    refundedCents: integer("refunded_cents").notNull().default(0),
    /** The hosted checkout's address, so a second press of Pay goes to the same checkout. */
    checkoutUrl: text("checkout_url"),
    /** Who recorded a cash or other payment (a staff address). */
    recordedBy: text("recorded_by"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("payments_provider_session_idx").on(table.providerSessionId),
    index("payments_provider_intent_idx").on(table.providerPaymentIntent),
    index("payments_reservation_idx").on(table.reservationId),
    index("payments_event_idx").on(table.eventId),
    index("payments_pending_idx").on(table.createdAt).where(sql`${table.status} = 'pending'`),
    check("payments_amount_positive", sql`${table.amountCents} > 0`),
    check("payments_refunded_range", sql`${table.refundedCents} BETWEEN 0 AND ${table.amountCents}`),
    check("payments_card_has_session", sql`${table.method} <> 'card' OR ${table.providerSessionId} IS NOT NULL`),
    check("payments_contribution_has_seats", sql`${table.purpose} <> 'contribution' OR ${table.seats} BETWEEN 1 AND 10`),
  ],
);

export type PaymentRow = typeof payments.$inferSelect;

/**
 * Every provider event applied, by its id (evt_…): a second delivery of the same event finds its row
 * and changes nothing (replay safety).
 */
export const paymentEvents = pgTable("payment_events", {
  providerEventId: text("provider_event_id").primaryKey(),
  type: text().notNull(),
  paymentId: uuid("payment_id").references(() => payments.id, { onDelete: "set null" }),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

export const refundStatus = pgEnum("refund_status", ["pending", "succeeded", "failed"]);

/**
 * A refund asked for (a guest's cancellation under the refund policy, a staff refund, a payment
 * for a reservation already gone), written before the provider is asked, like a message to the
 * outbox: the provider is asked with the row's id as idempotency key until it answers, so a crash
 * neither loses the refund nor makes it twice. A cash refund is recorded `succeeded` at once.
 */
export const paymentRefunds = pgTable(
  "payment_refunds",
  {
    id: uuid().primaryKey().defaultRandom(),
    paymentId: uuid("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "cascade" }),
    amountCents: integer("amount_cents").notNull(),
    reason: text().notNull(),
    /** A staff address, or what asked for it ('guest cancellation', 'reservation gone'). */
    requestedBy: text("requested_by").notNull(),
    status: refundStatus().notNull().default("pending"),
    providerRefundId: text("provider_refund_id"),
    attempts: integer().notNull().default(0),
    /** Our words for the last failure (never the provider's text with its details). */
    lastError: text("last_error"),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp("done_at", { withTimezone: true }),
  },
  (table) => [
    index("payment_refunds_payment_idx").on(table.paymentId),
    index("payment_refunds_due_idx").on(table.nextAttemptAt).where(sql`${table.status} = 'pending'`),
    check("payment_refunds_amount_positive", sql`${table.amountCents} > 0`),
  ],
);

export type PaymentRefundRow = typeof paymentRefunds.$inferSelect;

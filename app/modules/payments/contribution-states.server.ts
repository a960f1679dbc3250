import { asc, inArray, sql } from "drizzle-orm";
import { paymentRefunds, payments } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import type { ContributionState } from "./contribution-rules";

/** A reservation's contribution with what staff act on: the payment to refund, and how much may still be. */
export type GuestContribution = ContributionState & {
  /** The payment that holds the money (the latest paid one), for a refund; absent when nothing is paid. */
  paymentId?: string;
  /** Cents a refund may still give back (paid minus refunded minus refunds on their way). */
  refundableCents: number;
  /** A card refund asked for and not yet confirmed, or one that failed (staff see it). */
  refundInProgress: boolean;
  refundFailed: boolean;
};

/**
 * The contribution of each reservation, from its payments: paid (by card, cash or other; maybe partly
 * refunded), refunded, a checkout in progress, or unpaid with the amount expected. `expectedCents` is
 * the reservations module's (the amount the guest chose, or the suggested one per seat).
 */
export async function contributionStates(db: Database, rows: { reservationId: string; expectedCents: number }[]): Promise<Map<string, GuestContribution>> {
  const ids = [...new Set(rows.map((row) => row.reservationId))];
  const found = ids.length ? await db.select().from(payments).where(inArray(payments.reservationId, ids)).orderBy(asc(payments.createdAt)) : [];
  const refundRows = found.length
    ? await db
        .select({ paymentId: paymentRefunds.paymentId, status: paymentRefunds.status, cents: paymentRefunds.amountCents, createdAt: paymentRefunds.createdAt })
        .from(paymentRefunds)
        .where(inArray(paymentRefunds.paymentId, found.map((payment) => payment.id)))
    : [];
  const pendingRefund = new Map<string, number>();
  for (const row of refundRows.filter((candidate) => candidate.status === "pending")) pendingRefund.set(row.paymentId, (pendingRefund.get(row.paymentId) ?? 0) + row.cents);
  // A failed refund still matters until a refund of the same payment succeeds after it (staff tried again).
  const lastSucceeded = new Map<string, number>();
  for (const row of refundRows.filter((candidate) => candidate.status === "succeeded")) lastSucceeded.set(row.paymentId, Math.max(lastSucceeded.get(row.paymentId) ?? 0, row.createdAt.getTime()));
  const failedRefund = new Set(
    refundRows.filter((row) => row.status === "failed" && row.createdAt.getTime() > (lastSucceeded.get(row.paymentId) ?? 0)).map((row) => row.paymentId),
  );
  const states = new Map<string, GuestContribution>();
  for (const { reservationId, expectedCents } of rows) {
    const own = found.filter((payment) => payment.reservationId === reservationId);
    const holding = own.filter((payment) => payment.status === "paid" || payment.status === "partly_refunded");
    const refunded = own.filter((payment) => payment.status === "refunded");
    const flags = (list: typeof own) => ({
      refundInProgress: list.some((payment) => pendingRefund.has(payment.id)),
      refundFailed: list.some((payment) => failedRefund.has(payment.id)),
    });
    if (holding.length > 0) {
      const latest = holding[holding.length - 1]!;
      const paidCents = holding.reduce((sum, payment) => sum + payment.amountCents, 0);
      const refundedCents = holding.reduce((sum, payment) => sum + payment.refundedCents, 0);
      const refundableCents = holding.reduce((sum, payment) => sum + payment.amountCents - payment.refundedCents - (pendingRefund.get(payment.id) ?? 0), 0);
      states.set(reservationId, { kind: "paid", method: latest.method, paidCents, refundedCents, expectedCents, paymentId: latest.id, refundableCents: Math.max(0, refundableCents), ...flags(holding) });
    } else if (refunded.length > 0) {
      const latest = refunded[refunded.length - 1]!;
      const cents = refunded.reduce((sum, payment) => sum + payment.amountCents, 0);
      states.set(reservationId, { kind: "refunded", method: latest.method, paidCents: cents, refundedCents: cents, expectedCents, refundableCents: 0, ...flags(refunded) });
    } else if (own.some((payment) => payment.status === "pending" && payment.providerPaymentIntent !== null)) {
      // A checkout completed and still settling (a bank debit): Stripe will say paid or failed. A
      // checkout only opened (no payment intent yet) is no payment: the guest may never finish it.
      states.set(reservationId, { kind: "pending", expectedCents, refundableCents: 0, refundInProgress: false, refundFailed: false });
    } else {
      states.set(reservationId, { kind: "unpaid", expectedCents, refundableCents: 0, refundInProgress: false, refundFailed: false });
    }
  }
  return states;
}

/** What an event's payments add up to, including those of reservations cancelled since. */
export interface EventPaymentTotals {
  /** Cents paid and not refunded (card and by hand). */
  paidCents: number;
  refundedCents: number;
  /** Payments that hold or held money. */
  payments: number;
}

/** The payments of these events, summed per event. */
export async function paymentTotalsByEvent(db: Database, eventIds: string[]): Promise<Map<string, EventPaymentTotals>> {
  if (eventIds.length === 0) return new Map();
  const rows = await db
    .select({
      eventId: payments.eventId,
      paid: sql<number>`coalesce(sum(${payments.amountCents} - ${payments.refundedCents}) filter (where ${payments.status} in ('paid', 'partly_refunded')), 0)::int`,
      refunded: sql<number>`coalesce(sum(${payments.refundedCents}), 0)::int`,
      count: sql<number>`count(*) filter (where ${payments.status} in ('paid', 'partly_refunded', 'refunded'))::int`,
    })
    .from(payments)
    .where(inArray(payments.eventId, [...new Set(eventIds)]))
    .groupBy(payments.eventId);
  return new Map(rows.map((row) => [row.eventId!, { paidCents: Number(row.paid), refundedCents: Number(row.refunded), payments: Number(row.count) }]));
}

/** An event's contribution totals as staff see them above its guest list. */
export interface ContributionTotals {
  expectedCents: number;
  paidCents: number;
  outstandingCents: number;
  refundedCents: number;
}

/** Sums the guests' states (expected, outstanding) with the event's payments (paid, refunded). */
export function contributionTotals(states: Iterable<GuestContribution>, eventTotals: EventPaymentTotals | undefined): ContributionTotals {
  let expectedCents = 0;
  let outstandingCents = 0;
  for (const state of states) {
    expectedCents += state.expectedCents;
    if (state.kind === "unpaid" || state.kind === "pending") outstandingCents += state.expectedCents;
  }
  return { expectedCents, paidCents: eventTotals?.paidCents ?? 0, outstandingCents, refundedCents: eventTotals?.refundedCents ?? 0 };
}

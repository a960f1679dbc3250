import { and, eq, inArray, sql } from "drizzle-orm";
import { payments } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import { logFailure } from "#app/lib/log.server";
import { can, notAllowed, type StaffMember } from "#app/modules/access";
import { recordActivity } from "#app/modules/activity/index.server";
import { findEvent } from "#app/modules/events/index.server";
import { formatDollars } from "./contribution-rules";
import type { PaymentGateway } from "./payment-gateway.server";
import { processDueRefunds, queueRefund, refundableCents } from "./refunds.server";

export type StaffPaymentOutcome =
  | { ok: true; message: string }
  | { ok: false; reason: "forbidden" | "not-found" | "invalid" | "conflict" | "failed"; message: string };

export const staffPaymentMessages = {
  amount: "Please enter an amount in dollars, more than $0 and at most what was paid.",
  reason: "Please give a reason for the refund (at most 300 characters).",
  alreadyPaid: "This guest's contribution is already recorded as paid.",
  nothingToRefund: "Nothing of this contribution is left to refund.",
  tooMuch: (left: number) => `At most ${formatDollars(left)} of this contribution can still be refunded.`,
  notFound: "That guest or payment is no longer on the list.",
  failed: "Could not record that. Please try again.",
} as const;

/** Reads "30", "$30" or "30.50" as cents; undefined for anything else. Short text only. */
export function readDollarAmount(value: unknown): number | undefined {
  const text = typeof value === "string" ? value.trim().replace(/^\$/, "") : typeof value === "number" ? String(value) : "";
  if (text.length === 0 || text.length > 10) return undefined;
  // Digits, then at most two decimals, read without a backtracking pattern.
  const [whole, cents = "", extra] = text.split(".");
  if (extra !== undefined || !whole || !/^\d{1,6}$/.test(whole) || !/^\d{0,2}$/.test(cents)) return undefined;
  const amount = Number(whole) * 100 + Number(cents.padEnd(2, "0"));
  return amount > 0 ? amount : undefined;
}

/**
 * Door or guest-list staff record a contribution paid in cash or otherwise (policy
 * `record-contributions`, the event in their scope; logged). The reservations module passes the
 * reservation it checked; a reservation whose contribution is already paid is refused.
 */
export async function recordManualPayment(
  db: Database,
  actor: StaffMember,
  request: {
    reservation: { id: string; eventId: string; seats: number; visitorName: string; visitorEmail: string | null };
    method: "cash" | "other";
    amountCents: number;
    now?: Date;
  },
): Promise<StaffPaymentOutcome> {
  const now = request.now ?? new Date();
  const event = await findEvent(db, { eventId: request.reservation.eventId });
  if (!event) return { ok: false, reason: "not-found", message: staffPaymentMessages.notFound };
  if (!can(actor, "record-contributions", { event })) return notAllowed();
  if (!Number.isInteger(request.amountCents) || request.amountCents <= 0 || request.amountCents > 100_000_00) return { ok: false, reason: "invalid", message: staffPaymentMessages.amount };
  try {
    return await db.transaction(async (tx) => {
      // Two taps at once (two phones at the door): the reservation's payments are locked, so one records it.
      await tx.execute(sqlLockReservation(request.reservation.id));
      const held = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.reservationId, request.reservation.id), inArray(payments.status, ["paid", "partly_refunded"])));
      if (held.length > 0) return { ok: false as const, reason: "conflict" as const, message: staffPaymentMessages.alreadyPaid };
      const [payment] = await tx
        .insert(payments)
        .values({
          reservationId: request.reservation.id,
          eventId: request.reservation.eventId,
          payerName: request.reservation.visitorName,
          payerEmail: request.reservation.visitorEmail,
          seats: request.reservation.seats,
          method: request.method,
          amountCents: request.amountCents,
          status: "paid",
          recordedBy: actor.email,
          paidAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await recordActivity(tx, actor, {
        kind: "contribution.recorded",
        subjectType: "reservation",
        subjectId: request.reservation.id,
        subjectLabel: `${request.reservation.visitorName} · ${event.title}`,
        after: { paymentId: payment!.id, amount: formatDollars(request.amountCents), method: request.method },
      });
      return { ok: true as const, message: `${formatDollars(request.amountCents)} ${request.method === "cash" ? "in cash" : "(other)"} recorded for ${request.reservation.visitorName}.` };
    });
  } catch (error) {
    logFailure("payments", "recording a payment by hand", error);
    return { ok: false, reason: "failed", message: staffPaymentMessages.failed };
  }
}

/**
 * An admin refunds a contribution, fully or in part, with a reason (policy `refund-contributions`;
 * logged). A card payment's refund is written first and then asked of Stripe with the refund's id as
 * idempotency key (a failure is retried by the refund pass and shown on the guest list); a cash or
 * other payment is marked refunded by hand.
 */
export async function refundContribution(
  db: Database,
  gateway: PaymentGateway | null,
  actor: StaffMember,
  request: { paymentId: string; amountCents: number | undefined; reason: string; now?: Date },
): Promise<StaffPaymentOutcome> {
  const now = request.now ?? new Date();
  const [payment] = await db.select().from(payments).where(eq(payments.id, request.paymentId));
  if (!payment) return { ok: false, reason: "not-found", message: staffPaymentMessages.notFound };
  const event = payment.eventId ? await findEvent(db, { eventId: payment.eventId }) : undefined;
  if (!event ? !can(actor, "refund-contributions") : !can(actor, "refund-contributions", { event })) return notAllowed();
  const reason = request.reason.trim();
  if (reason.length === 0 || reason.length > 300) return { ok: false, reason: "invalid", message: staffPaymentMessages.reason };
  if (payment.method === "card" && !gateway) return { ok: false, reason: "conflict", message: "Stripe is not configured here, so a card payment cannot be refunded from this site." };
  let refundId: string;
  let amount: number;
  try {
    const outcome = await db.transaction(async (tx) => {
      const [locked] = await tx.select().from(payments).where(eq(payments.id, payment.id)).for("update");
      if (!locked) return { ok: false as const, reason: "not-found" as const, message: staffPaymentMessages.notFound };
      const left = await refundableCents(tx, locked);
      if (left <= 0) return { ok: false as const, reason: "conflict" as const, message: staffPaymentMessages.nothingToRefund };
      const cents = request.amountCents ?? left;
      if (!Number.isInteger(cents) || cents <= 0) return { ok: false as const, reason: "invalid" as const, message: staffPaymentMessages.amount };
      if (cents > left) return { ok: false as const, reason: "invalid" as const, message: staffPaymentMessages.tooMuch(left) };
      const queued = await queueRefund(tx, locked, { amountCents: cents, reason, requestedBy: actor.email, now });
      await recordActivity(tx, actor, {
        kind: "contribution.refunded",
        subjectType: "payment",
        subjectId: locked.id,
        subjectLabel: `${locked.payerName}${event ? ` · ${event.title}` : ""}`,
        before: { paid: formatDollars(locked.amountCents), refunded: formatDollars(locked.refundedCents) },
        after: { refund: formatDollars(cents), method: locked.method, reason },
      });
      return { ok: true as const, id: queued.id, cents };
    });
    if (!outcome.ok) return outcome;
    refundId = outcome.id;
    amount = outcome.cents;
  } catch (error) {
    logFailure("payments", "refunding a contribution", error);
    return { ok: false, reason: "failed", message: staffPaymentMessages.failed };
  }
  if (payment.method !== "card") return { ok: true, message: `${formatDollars(amount)} marked as refunded to ${payment.payerName} by hand.` };
  const done = await processDueRefunds(db, gateway, { now, only: [refundId] }).catch((error: unknown) => {
    logFailure("payments", "asking Stripe for a refund", error);
    return 0;
  });
  return done > 0
    ? { ok: true, message: `${formatDollars(amount)} refunded to ${payment.payerName}'s card.` }
    : { ok: true, message: `The refund of ${formatDollars(amount)} is recorded; Stripe did not confirm it yet, and it is tried again every minute.` };
}

/** A lock on one reservation's payments for the transaction (an advisory lock: the reservation's row is not ours to lock). */
const sqlLockReservation = (reservationId: string) => sql`select pg_advisory_xact_lock(hashtext(${`payments:${reservationId}`}))`;

import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import { paymentRefunds, payments, type PaymentRow } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import { logFailure } from "#app/lib/log.server";
import { cancellationRefunds, type RefundPolicy } from "./contribution-rules";
import { GatewayError, type PaymentGateway } from "./payment-gateway.server";

/** Payments that hold money (paid, maybe partly refunded): what can be refunded. */
const HOLDING = ["paid", "partly_refunded"] as const;

/** The most a refund of this payment may be now: paid, minus refunded, minus refunds still on their way. */
export async function refundableCents(tx: Database, payment: PaymentRow): Promise<number> {
  const [{ pending } = { pending: 0 }] = await tx
    .select({ pending: sql<number>`coalesce(sum(${paymentRefunds.amountCents}), 0)::int` })
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.paymentId, payment.id), eq(paymentRefunds.status, "pending")));
  if (!(HOLDING as readonly string[]).includes(payment.status)) return 0;
  return Math.max(0, payment.amountCents - payment.refundedCents - Number(pending));
}

/**
 * Writes a refund (in the caller's transaction, the payment's row locked by the caller). A card
 * payment's refund waits for the refund pass (`processDueRefunds`), which asks the provider; a cash or
 * other payment's is given back by hand, so it is done at once.
 */
export async function queueRefund(tx: Database, payment: PaymentRow, refund: { amountCents: number; reason: string; requestedBy: string; now: Date }): Promise<{ id: string; done: boolean }> {
  const done = payment.method !== "card";
  const [row] = await tx
    .insert(paymentRefunds)
    .values({
      paymentId: payment.id,
      amountCents: refund.amountCents,
      reason: refund.reason.slice(0, 500),
      requestedBy: refund.requestedBy,
      status: done ? "succeeded" : "pending",
      doneAt: done ? refund.now : null,
      // Due at the caller's clock, not the database's (whose now() may be later): the pass asks at once with the same now.
      nextAttemptAt: refund.now,
      createdAt: refund.now,
    })
    .returning({ id: paymentRefunds.id });
  if (done) await settleRefundedAmount(tx, payment.id, refund.now);
  return { id: row!.id, done };
}

/**
 * Sets a payment's refunded amount from its refunds that succeeded, never lower than what it was (a
 * provider's `charge.refunded` may have said so first), and its status from that.
 */
export async function settleRefundedAmount(tx: Database, paymentId: string, now: Date, providerTotal = 0): Promise<void> {
  await tx.execute(sql`
    update payments p set
      refunded_cents = least(p.amount_cents, greatest(p.refunded_cents, ${providerTotal}::int,
        (select coalesce(sum(r.amount_cents), 0)::int from payment_refunds r where r.payment_id = p.id and r.status = 'succeeded'))),
      updated_at = ${now}
    where p.id = ${paymentId}`);
  await tx.execute(sql`
    update payments set status = (case when refunded_cents >= amount_cents then 'refunded' else 'partly_refunded' end)::payment_status
    where id = ${paymentId} and refunded_cents > 0 and status in ('paid', 'partly_refunded')`);
}

/** What a guest's cancellation did to their contribution, for the page and the e-mail. */
export interface CancellationRefund {
  /** Cents to be given back to the card (queued now). */
  refundCents: number;
  /** Cents of a paid contribution kept under the policy (or paid in cash: the organisers settle it). */
  keptCents: number;
  refundIds: string[];
}

/**
 * A guest gave back `seatsCancelled` of `seatsBefore` seats: under the refund policy, the matching
 * share of what they paid by card is refunded (all of it when every seat goes). Called in the
 * cancellation's transaction, after the reservation's row is locked.
 */
export async function refundsForCancellation(
  tx: Database,
  cancellation: { reservationId: string; seatsCancelled: number; seatsBefore: number; eventStartsAt: Date; now: Date; policy: RefundPolicy },
): Promise<CancellationRefund> {
  const held = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.reservationId, cancellation.reservationId), inArray(payments.status, [...HOLDING])))
    .orderBy(asc(payments.createdAt))
    .for("update");
  const outcome: CancellationRefund = { refundCents: 0, keptCents: 0, refundIds: [] };
  if (held.length === 0) return outcome;
  const refunds = cancellationRefunds(cancellation.policy, cancellation.eventStartsAt, cancellation.now);
  for (const payment of held) {
    const available = await refundableCents(tx, payment);
    const share = cancellation.seatsCancelled >= cancellation.seatsBefore ? available : Math.floor((available * cancellation.seatsCancelled) / cancellation.seatsBefore);
    if (share <= 0) continue;
    if (!refunds || payment.method !== "card") {
      outcome.keptCents += share;
      continue;
    }
    const queued = await queueRefund(tx, payment, {
      amountCents: share,
      reason: cancellation.seatsCancelled >= cancellation.seatsBefore ? "The guest cancelled their reservation." : `The guest gave back ${cancellation.seatsCancelled} of ${cancellation.seatsBefore} seats.`,
      requestedBy: "guest cancellation",
      now: cancellation.now,
    });
    outcome.refundCents += share;
    outcome.refundIds.push(queued.id);
  }
  return outcome;
}

/** How long a refund pass holds the refunds it took before another pass may try them. */
const CLAIM_SECONDS = 120;
const MAX_ATTEMPTS = 8;

/**
 * The refund pass: asks the provider for every card refund that is due, each with its row's id as
 * idempotency key (so a pass after a crash, or two instances at once, make one refund). Claims rows
 * by moving their next attempt forward with a conditional UPDATE. Answers how many succeeded.
 */
export async function processDueRefunds(db: Database, gateway: PaymentGateway | null, options: { now?: Date; only?: string[] } = {}): Promise<number> {
  if (!gateway) return 0;
  const now = options.now ?? new Date();
  const claimed = await db
    .update(paymentRefunds)
    .set({ nextAttemptAt: new Date(now.getTime() + CLAIM_SECONDS * 1000), attempts: sql`${paymentRefunds.attempts} + 1` })
    .where(
      and(
        eq(paymentRefunds.status, "pending"),
        lte(paymentRefunds.nextAttemptAt, now),
        options.only ? inArray(paymentRefunds.id, options.only.length ? options.only : ["00000000-0000-0000-0000-000000000000"]) : undefined,
        sql`${paymentRefunds.id} in (select id from payment_refunds where status = 'pending' and next_attempt_at <= ${now} order by next_attempt_at limit 50 for update skip locked)`,
      ),
    )
    .returning();
  let succeeded = 0;
  for (const refund of claimed) {
    const [payment] = await db.select().from(payments).where(eq(payments.id, refund.paymentId));
    try {
      if (!payment?.providerPaymentIntent) throw new GatewayError("the payment has no card payment to refund", false, "no_payment_intent");
      const answer = await gateway.refund({ paymentIntent: payment.providerPaymentIntent, amountCents: refund.amountCents, idempotencyKey: `harmonia-refund:${refund.id}`, refundId: refund.id });
      await db.transaction(async (tx) => {
        await tx
          .update(paymentRefunds)
          .set({ status: "succeeded", providerRefundId: answer.providerRefundId, doneAt: new Date(), lastError: null })
          .where(eq(paymentRefunds.id, refund.id));
        await settleRefundedAmount(tx, refund.paymentId, new Date());
      });
      succeeded += 1;
    } catch (error) {
      const retryable = !(error instanceof GatewayError) || error.retryable;
      const giveUp = !retryable || refund.attempts >= MAX_ATTEMPTS;
      const words = error instanceof GatewayError ? error.message : "the refund could not be recorded";
      if (!(error instanceof GatewayError)) logFailure("payments", "recording a refund", error);
      else console.error(`[payments] refund ${refund.id}: ${words}${giveUp ? "; given up, staff see it on the guest list" : "; trying again later"}`);
      await db
        .update(paymentRefunds)
        .set({
          status: giveUp ? "failed" : "pending",
          lastError: words.slice(0, 300),
          nextAttemptAt: new Date(now.getTime() + Math.min(3600, 30 * 2 ** refund.attempts) * 1000),
        })
        .where(eq(paymentRefunds.id, refund.id))
        .catch((failure: unknown) => logFailure("payments", "noting a refund's failure", failure));
    }
  }
  return succeeded;
}

import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { payments, type PaymentRow } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import { logFailure } from "#app/lib/log.server";
import type { OutboxWake } from "#app/modules/messaging/index.server";
import { consumeRateLimits, type LimitedClient, type RateLimitRule } from "#app/modules/security/index.server";
import { tooManyAttemptsRefusal, type TooManyAttemptsRefusal } from "#app/modules/security";
import { applyCheckoutSession, METADATA } from "./apply-session.server";
import { contributionMessages, CONTRIBUTION_CURRENCY } from "./contribution-rules";
import type { PaymentGateway } from "./payment-gateway.server";
import { processDueRefunds } from "./refunds.server";

/** Opening a checkout is a write a visitor triggers (it makes a session at Stripe): counted per client. */
export const checkoutAttemptLimit: RateLimitRule = { limit: 20, windowSeconds: 10 * 60 };

/** A reservation as the checkout needs it; the reservations module passes it after checking the guest's link. */
export interface ContributionFor {
  reservation: { id: string; eventId: string; seats: number; visitorName: string; visitorEmail: string | null };
  event: { title: string; startsAt: Date };
  /** Whole dollars per seat, already checked against the range. */
  perSeatDollars: number;
}

export type CheckoutOutcome =
  | { ok: true; url: string }
  | ({ ok: false } & TooManyAttemptsRefusal)
  | { ok: false; reason: "not-configured" | "already-paid" | "could-not-start"; message: string };

/**
 * Opens (or reopens) the hosted checkout for a reservation's contribution. The amount is the
 * per-seat amount times the reservation's seats, computed here: the browser only ever sends a
 * per-seat choice the caller checked. A second press with the same amount goes to the same checkout
 * (the open session's address is kept; the idempotency key names the reservation, the amount and the
 * attempt, so even two presses at once make one session at Stripe).
 */
export async function startContributionCheckout(
  db: Database,
  gateway: PaymentGateway | null,
  request: ContributionFor & { client: LimitedClient; returnUrls: { success: string; cancel: string }; now?: Date },
): Promise<CheckoutOutcome> {
  if (!gateway) return { ok: false, reason: "not-configured", message: contributionMessages.notTaking };
  const now = request.now ?? new Date();
  const limit = await consumeRateLimits(db, [{ key: `contribution-checkout:client:${request.client.key}`, rule: checkoutAttemptLimit }], request.client.rateLimitMultiplier).catch(
    (error: unknown) => {
      logFailure("payments", "counting a checkout attempt", error);
      return null;
    },
  );
  if (!limit) return { ok: false, reason: "could-not-start", message: contributionMessages.couldNotStart };
  if (!limit.allowed) return { ok: false, ...tooManyAttemptsRefusal(limit.retryAfterSeconds) };

  const { reservation } = request;
  const amountCents = request.perSeatDollars * 100 * reservation.seats;
  try {
    const earlier = await db.select().from(payments).where(eq(payments.reservationId, reservation.id)).orderBy(desc(payments.createdAt));
    if (earlier.some((payment) => payment.status === "paid" || payment.status === "partly_refunded")) {
      return { ok: false, reason: "already-paid", message: contributionMessages.alreadyPaid };
    }
    const open = earlier.find(
      (payment) => payment.method === "card" && payment.status === "pending" && payment.amountCents === amountCents && payment.checkoutUrl && now.getTime() - payment.createdAt.getTime() < 12 * 3600_000,
    );
    if (open?.checkoutUrl) return { ok: true, url: open.checkoutUrl };

    const attempt = earlier.filter((payment) => payment.method === "card").length;
    const session = await gateway.createCheckout({
      amountCents,
      currency: CONTRIBUTION_CURRENCY,
      description: `Contribution: ${request.event.title} (${reservation.seats} ${reservation.seats === 1 ? "seat" : "seats"})`.slice(0, 250),
      customerEmail: reservation.visitorEmail,
      clientReferenceId: reservation.id,
      metadata: {
        [METADATA.purpose]: "contribution",
        [METADATA.reservationId]: reservation.id,
        [METADATA.eventId]: reservation.eventId,
        [METADATA.seats]: String(reservation.seats),
        [METADATA.payerName]: reservation.visitorName.slice(0, 100),
      },
      successUrl: request.returnUrls.success,
      cancelUrl: request.returnUrls.cancel,
      idempotencyKey: `harmonia-contribution:${reservation.id}:${amountCents}:${attempt}`,
    });
    if (!session.url) throw new Error("the checkout came without its address");
    await db
      .insert(payments)
      .values({
        reservationId: reservation.id,
        eventId: reservation.eventId,
        payerName: reservation.visitorName,
        payerEmail: reservation.visitorEmail,
        seats: reservation.seats,
        method: "card",
        provider: "stripe",
        providerSessionId: session.id,
        amountCents,
        currency: CONTRIBUTION_CURRENCY,
        status: "pending",
        checkoutUrl: session.url,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing();
    return { ok: true, url: session.url };
  } catch (error) {
    logFailure("payments", "opening a checkout", error);
    return { ok: false, reason: "could-not-start", message: contributionMessages.couldNotStart };
  }
}

/** A Checkout Session id as Stripe makes them; anything else is not looked up. */
const SESSION_ID = /^cs_[A-Za-z0-9_]{1,200}$/;

export type ReturnState = { state: "paid" | "processing" | "open" | "unknown"; payment: PaymentRow | null };

/**
 * The success page's check: asks the provider about the session the guest came back from and applies
 * what it says (as a webhook would), so the page says "paid" only when the provider says so, even
 * if the webhook is late or lost. A GET may call this: applying the provider's word changes nothing
 * a second time.
 */
export async function confirmCheckoutReturn(db: Database, gateway: PaymentGateway | null, sessionId: string, wake: OutboxWake, now = new Date()): Promise<ReturnState> {
  if (!gateway || !SESSION_ID.test(sessionId)) return { state: "unknown", payment: null };
  const [known] = await db.select().from(payments).where(eq(payments.providerSessionId, sessionId));
  if (!known) return { state: "unknown", payment: null };
  if (known.status !== "pending") return { state: known.status === "failed" || known.status === "expired" ? "open" : "paid", payment: known };
  try {
    const session = await gateway.retrieveSession(sessionId);
    const applied = await db.transaction((tx) => applyCheckoutSession(tx, session, { now }));
    if (applied.receiptMessageId) await wake(applied.receiptMessageId);
    if (applied.refundQueued) await processDueRefunds(db, gateway, { now });
    const payment = applied.payment ?? known;
    const state = payment.status === "pending" ? (session.status === "complete" ? "processing" : "open") : payment.status === "failed" || payment.status === "expired" ? "open" : "paid";
    return { state, payment };
  } catch (error) {
    logFailure("payments", "checking a returning guest's checkout", error);
    return { state: known.status === "pending" ? "processing" : "paid", payment: known };
  }
}

/** How long after opening a checkout the reconciliation asks Stripe about it (the webhook usually comes first). */
export const RECONCILE_AFTER_MINUTES = 3;
/** Stripe's checkouts expire after 24 hours; one still pending after this long is asked about one last time, then left. */
const RECONCILE_FOR_HOURS = 48;

/**
 * The reconciliation pass: every card payment still pending a few minutes after its checkout opened
 * is looked up at the provider and brought in line, so a webhook that never came loses nothing.
 * Answers how many changed state.
 */
export async function reconcilePendingPayments(db: Database, gateway: PaymentGateway | null, wake: OutboxWake, now = new Date()): Promise<number> {
  if (!gateway) return 0;
  const pending = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.status, "pending"),
        eq(payments.method, "card"),
        sql`${payments.createdAt} <= ${now}::timestamptz - make_interval(mins => ${RECONCILE_AFTER_MINUTES})`,
        sql`${payments.createdAt} > ${now}::timestamptz - make_interval(hours => ${RECONCILE_FOR_HOURS})`,
        // Asked at most once a minute each, whoever runs the pass. In parentheses: drizzle's and() does not wrap its parts.
        sql`(${payments.updatedAt} <= ${now}::timestamptz - interval '50 seconds' or ${payments.updatedAt} = ${payments.createdAt})`,
      ),
    )
    .limit(200);
  let changed = 0;
  const refunds: boolean[] = [];
  for (const payment of pending) {
    try {
      const session = await gateway.retrieveSession(payment.providerSessionId!);
      const applied = await db.transaction(async (tx) => {
        const result = await applyCheckoutSession(tx, session, { now });
        if (result.payment?.status === "pending") await tx.update(payments).set({ updatedAt: now }).where(inArray(payments.id, [payment.id]));
        return result;
      });
      if (applied.payment && applied.payment.status !== "pending") {
        changed += 1;
        console.log(`[payments] reconciliation found payment ${payment.id} ${applied.payment.status}`);
      }
      if (applied.receiptMessageId) await wake(applied.receiptMessageId);
      refunds.push(applied.refundQueued);
    } catch (error) {
      logFailure("payments", `reconciling payment ${payment.id}`, error);
    }
  }
  if (refunds.some(Boolean)) await processDueRefunds(db, gateway, { now });
  return changed;
}

import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import type Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { events, outbox, paymentEvents, paymentRefunds, payments, reservations } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import type { StaffMember } from "#app/modules/access";
import { buildEvent } from "#app/modules/demo/factories/events";
import {
  contributionStates,
  createStripeGateway,
  type PaymentGateway,
  processDueRefunds,
  reconcilePendingPayments,
  receiveStripeWebhook,
  RECONCILE_AFTER_MINUTES,
  refundsForCancellation,
  recordManualPayment,
  startContributionCheckout,
} from "#app/modules/payments/index.server";
import { insertReservations } from "#app/modules/reservations/index.server";
import { StripeFake } from "#tests/support/stripe-fake";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";

/**
 * The payments module's core against the Stripe stand-in, driven through the official SDK (issue 37):
 * checkout, the webhook (signatures, replays, events in any order), reconciliation of a lost
 * webhook, refunds on cancellation and for a reservation gone, and the refund pass. Runs on the
 * embedded database, and on PostgreSQL with DATABASE_URL.
 */
const fake = new StripeFake();
let database: TestDatabase;
let db: Database;
let gateway: PaymentGateway;
let endpoint: Server;
const woken: string[] = [];
const wake = async (id: string) => void woken.push(id);
const stamp = Date.now().toString(36);
let sequence = 0;
const DAY = 24 * 3600_000;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.handle.db;
  await fake.start();
  gateway = createStripeGateway({ secretKey: fake.secretKey, webhookSecret: fake.webhookSecret, apiBase: fake.url });
  // The webhook endpoint as the route runs it: the raw body and the signature header to the use case.
  endpoint = createServer(async (request, response) => {
    let body = "";
    for await (const chunk of request) body += chunk;
    const signature = request.headers["stripe-signature"];
    const outcome = await receiveStripeWebhook(db, gateway, { rawBody: body, signature: typeof signature === "string" ? signature : null }, wake).catch(() => ({ status: 503, message: "failed" }));
    response.writeHead(outcome.status, { "Content-Type": "text/plain" }).end(outcome.message);
  });
  await new Promise<void>((resolve) => endpoint.listen(0, "127.0.0.1", resolve));
  fake.webhookUrl = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/api/payments/stripe`;
}, 60_000);

/** The address of a port nothing listens on: one the system just gave out and that was closed again. */
async function closedPortUrl(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

afterAll(async () => {
  await fake.stop();
  await new Promise<void>((resolve) => endpoint?.close(() => resolve()));
  await database?.dispose();
});

beforeEach(() => {
  fake.holdWebhooks = false;
});

async function makeReservation(seats = 2, startsAt = new Date(Date.now() + 7 * DAY)) {
  sequence += 1;
  const [event] = await db
    .insert(events)
    .values(buildEvent({ title: `Payments evening ${stamp} ${sequence}`, startsAt, maxSeats: 50 }))
    .returning();
  const [reservation] = await insertReservations(db, [{ eventId: event!.id, visitorName: `Guest ${sequence}`, visitorEmail: `guest-${sequence}-${stamp}@example.com`, seats }]);
  return { event: event!, reservation: reservation! };
}
type Made = Awaited<ReturnType<typeof makeReservation>>;

function checkout(made: Made, perSeatDollars = 30, now?: Date) {
  const { reservation, event } = made;
  return startContributionCheckout(db, gateway, {
    reservation: { id: reservation.id, eventId: reservation.eventId, seats: reservation.seats, visitorName: reservation.visitorName, visitorEmail: reservation.visitorEmail },
    event: { title: event.title, startsAt: event.startsAt },
    perSeatDollars,
    client: { key: `client-${stamp}-${reservation.id}`, rateLimitMultiplier: 1 },
    returnUrls: { success: "http://127.0.0.1:1/paid?session={CHECKOUT_SESSION_ID}", cancel: "http://127.0.0.1:1/cancelled" },
    now,
  });
}

async function checkoutSession(made: Made, perSeatDollars = 30, now?: Date): Promise<string> {
  const outcome = await checkout(made, perSeatDollars, now);
  if (!outcome.ok) throw new Error(`No checkout: ${outcome.message}`);
  return outcome.url.split("/checkout/")[1]!;
}

const paymentsOf = (reservationId: string) => db.select().from(payments).where(eq(payments.reservationId, reservationId));
const paymentBySession = async (sessionId: string) => (await db.select().from(payments).where(eq(payments.providerSessionId, sessionId)))[0]!;
const receiptsTo = (address: string) => db.select().from(outbox).where(and(eq(outbox.kind, "contribution-receipt"), eq(outbox.recipient, address)));
const refundsOf = (paymentId: string) => db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paymentId));
const lastEvent = (type: string) => [...fake.events].reverse().find((event) => event.type === type)!;
const deliveryOf = (eventId: string) => fake.deliveries.filter((delivery) => delivery.eventId === eventId);
const signed = (payload: string, options: { secret?: string; timestamp?: number } = {}) =>
  fake.client().webhooks.generateTestHeaderString({ payload, secret: options.secret ?? fake.webhookSecret, timestamp: options.timestamp });
const post = (payload: string, signature: string | null) => receiveStripeWebhook(db, gateway, { rawBody: payload, signature }, wake);

/** Pays a checkout by card on the stand-in and answers its payment's row once the webhook applied. */
async function paid(made: Made, perSeatDollars = 30) {
  const sessionId = await checkoutSession(made, perSeatDollars);
  await fake.pay(sessionId);
  const payment = await paymentBySession(sessionId);
  expect(payment.status).toBe("paid");
  return { sessionId, payment };
}

describe("a checkout paid on the stand-in", () => {
  it("applies checkout.session.completed: paid, one receipt queued, the event stored", async () => {
    const made = await makeReservation(2);
    const sessionId = await checkoutSession(made, 30);
    const pending = await paymentBySession(sessionId);
    expect(pending).toMatchObject({ status: "pending", amountCents: 6000, seats: 2, method: "card", reservationId: made.reservation.id });
    expect(fake.sessions.get(sessionId)).toMatchObject({ amount_total: 6000, client_reference_id: made.reservation.id, customer_email: made.reservation.visitorEmail });

    await fake.pay(sessionId);
    const completed = lastEvent("checkout.session.completed");
    expect(deliveryOf(completed.id)).toEqual([{ eventId: completed.id, status: 200 }]);
    const payment = await paymentBySession(sessionId);
    expect(payment).toMatchObject({ status: "paid", amountCents: 6000, providerPaymentIntent: fake.sessions.get(sessionId)!.payment_intent });
    expect(payment.paidAt).toBeInstanceOf(Date);
    const receipts = await receiptsTo(made.reservation.visitorEmail!);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.meta.paymentId).toBe(payment.id);
    expect(woken).toContain(receipts[0]!.id);
    const [stored] = await db.select().from(paymentEvents).where(eq(paymentEvents.providerEventId, completed.id));
    expect(stored).toMatchObject({ type: "checkout.session.completed", paymentId: payment.id });
  });

  it("the same event delivered twice changes the state once", async () => {
    const made = await makeReservation(1);
    const { sessionId, payment } = await paid(made, 25);
    const completed = lastEvent("checkout.session.completed");
    const before = await paymentBySession(sessionId);
    const again = await post(JSON.stringify(completed), signed(JSON.stringify(completed)));
    expect(again).toMatchObject({ ok: true, status: 200, message: "Already applied." });
    expect(await fake.redeliver(completed.id)).toBe(200);
    expect(await paymentBySession(sessionId)).toEqual(before);
    expect(await receiptsTo(made.reservation.visitorEmail!)).toHaveLength(1);
    expect(await db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, payment.id))).toHaveLength(1);
  });
});

describe("events out of order", () => {
  it("async_payment_succeeded before checkout.session.completed ends paid, with one receipt", async () => {
    const made = await makeReservation(2);
    const sessionId = await checkoutSession(made, 20);
    fake.holdWebhooks = true;
    await fake.pay(sessionId, { delayed: true });
    await fake.settleAsyncPayment(sessionId, "succeeded");
    fake.holdWebhooks = false;
    const completed = lastEvent("checkout.session.completed");
    const succeeded = lastEvent("checkout.session.async_payment_succeeded");
    expect(await fake.redeliver(succeeded.id)).toBe(200);
    expect((await paymentBySession(sessionId)).status).toBe("paid");
    expect(await fake.redeliver(completed.id)).toBe(200);
    const payment = await paymentBySession(sessionId);
    expect(payment).toMatchObject({ status: "paid", amountCents: 4000 });
    expect(await receiptsTo(made.reservation.visitorEmail!)).toHaveLength(1);
  });

  it("a delayed payment: completed (unpaid) leaves it pending, then async_payment_succeeded pays it", async () => {
    const made = await makeReservation(1);
    const sessionId = await checkoutSession(made, 30);
    await fake.pay(sessionId, { delayed: true });
    expect((await paymentBySession(sessionId)).status).toBe("pending");
    expect(await receiptsTo(made.reservation.visitorEmail!)).toHaveLength(0);
    await fake.settleAsyncPayment(sessionId, "succeeded");
    expect((await paymentBySession(sessionId)).status).toBe("paid");
    expect(await receiptsTo(made.reservation.visitorEmail!)).toHaveLength(1);
  });

  it("async_payment_failed marks a pending payment failed, and after paid does not un-pay it", async () => {
    const failing = await makeReservation(1);
    const failedSession = await checkoutSession(failing, 30);
    await fake.pay(failedSession, { delayed: true });
    await fake.settleAsyncPayment(failedSession, "failed");
    expect((await paymentBySession(failedSession)).status).toBe("failed");

    const made = await makeReservation(1);
    const { sessionId } = await paid(made, 30);
    // A failure event for the same session, as a late or stray delivery would bring it.
    const session = { ...fake.sessions.get(sessionId)!, payment_status: "unpaid" };
    const stray = JSON.stringify({ ...lastEvent("checkout.session.completed"), id: `evt_stray_${stamp}`, type: "checkout.session.async_payment_failed", data: { object: session } });
    expect(await post(stray, signed(stray))).toMatchObject({ status: 200, message: "Applied." });
    expect((await paymentBySession(sessionId)).status).toBe("paid");
  });

  it("checkout.session.completed redelivered after charge.refunded does not un-refund", async () => {
    const made = await makeReservation(2);
    const { sessionId } = await paid(made, 30);
    const intent = String(fake.sessions.get(sessionId)!.payment_intent);
    // Refunded from Stripe's dashboard: only charge.refunded tells us.
    await fake.client().refunds.create({ payment_intent: intent });
    await expect.poll(async () => (await paymentBySession(sessionId)).status).toBe("refunded");
    expect(await fake.redeliver(lastEvent("checkout.session.completed").id)).toBe(200);
    const completedAgain = { ...lastEvent("checkout.session.completed"), id: `evt_again_${stamp}_${sequence}` };
    const body = JSON.stringify(completedAgain);
    expect((await post(body, signed(body))).status).toBe(200);
    expect(await paymentBySession(sessionId)).toMatchObject({ status: "refunded", refundedCents: 6000 });
    expect(await receiptsTo(made.reservation.visitorEmail!)).toHaveLength(1);
  });

  it("charge.refunded for a payment not known yet is answered 409 and not stored, so Stripe sends it again", async () => {
    const charge = { id: "ch_unknown", object: "charge", payment_intent: `pi_unknown_${stamp}`, amount: 3000, amount_refunded: 3000 };
    const body = JSON.stringify({ ...lastEvent("checkout.session.completed"), id: `evt_unknown_${stamp}`, type: "charge.refunded", data: { object: charge } });
    expect(await post(body, signed(body))).toMatchObject({ status: 409 });
    expect(await db.select().from(paymentEvents).where(eq(paymentEvents.providerEventId, `evt_unknown_${stamp}`))).toHaveLength(0);
  });
});

describe("the webhook's signature", () => {
  it("a wrong secret, an altered body, no header or a stale timestamp: 400 and nothing changed", async () => {
    const made = await makeReservation(2);
    const sessionId = await checkoutSession(made, 30);
    fake.holdWebhooks = true;
    await fake.pay(sessionId);
    const completed = lastEvent("checkout.session.completed");
    const body = JSON.stringify(completed);
    const altered = body.replace(`"amount_total":6000`, `"amount_total":100`);
    expect(altered).not.toBe(body);
    const attempts = [
      await post(body, signed(body, { secret: "whsec_someone_else_0123456789" })),
      await post(altered, signed(body)),
      await post(body, null),
      await post(body, ""),
      await post(body, signed(body, { timestamp: Math.floor(Date.now() / 1000) - 3600 })),
      await post(body, "t=1,v1=0000"),
    ];
    for (const attempt of attempts) expect(attempt).toMatchObject({ ok: false, status: 400 });
    expect(await paymentBySession(sessionId)).toMatchObject({ status: "pending" });
    expect(await db.select().from(paymentEvents).where(eq(paymentEvents.providerEventId, completed.id))).toHaveLength(0);
    expect(await receiptsTo(made.reservation.visitorEmail!)).toHaveLength(0);
    // The genuine delivery still applies afterwards.
    expect(await post(body, signed(body))).toMatchObject({ status: 200, message: "Applied." });
    expect((await paymentBySession(sessionId)).status).toBe("paid");
  });

  it("without Stripe configured the endpoint says 404", async () => {
    const body = JSON.stringify(lastEvent("checkout.session.completed"));
    expect(await receiveStripeWebhook(db, null, { rawBody: body, signature: signed(body) }, wake)).toMatchObject({ ok: false, status: 404 });
  });

  it("junk with a good signature (not an event, an event without its object) is refused, never thrown", async () => {
    for (const junk of ["{}", "[]", "null", '{"id":"evt_x","type":"checkout.session.completed"}', '{"id":"evt_y","type":"checkout.session.completed","data":{"object":null}}', '{"id":"evt_z","type":"checkout.session.completed","data":{"object":{"object":"checkout.session"}}}', "not json"]) {
      const outcome = await post(junk, signed(junk));
      expect(outcome.status, junk).toBeLessThan(500);
      expect(outcome.ok, junk).toBe(false);
    }
  });
});

describe("reconciliation", () => {
  it("a lost webhook is caught a few minutes later, not before", async () => {
    const made = await makeReservation(2);
    const opened = new Date();
    const sessionId = await checkoutSession(made, 35, opened);
    fake.holdWebhooks = true;
    await fake.pay(sessionId);
    expect(fake.deliveries.some((delivery) => delivery.eventId === lastEvent("checkout.session.completed").id)).toBe(false);
    expect((await paymentBySession(sessionId)).status).toBe("pending");

    expect(await reconcilePendingPayments(db, gateway, wake, new Date(opened.getTime() + 60_000))).toBe(0);
    expect((await paymentBySession(sessionId)).status).toBe("pending");
    const later = new Date(opened.getTime() + (RECONCILE_AFTER_MINUTES + 2) * 60_000);
    expect(await reconcilePendingPayments(db, gateway, wake, later)).toBeGreaterThanOrEqual(1);
    expect(await paymentBySession(sessionId)).toMatchObject({ status: "paid", amountCents: 7000 });
    const receipts = await receiptsTo(made.reservation.visitorEmail!);
    expect(receipts).toHaveLength(1);
    expect(woken).toContain(receipts[0]!.id);
    // The held event arriving at last changes nothing more.
    fake.holdWebhooks = false;
    expect(await fake.redeliver(lastEvent("checkout.session.completed").id)).toBe(200);
    expect(await receiptsTo(made.reservation.visitorEmail!)).toHaveLength(1);
  });
});

describe("pressing Pay", () => {
  it("twice at once makes one Stripe session and one payment", async () => {
    const made = await makeReservation(2);
    const sessionsBefore = fake.sessions.size;
    const [first, second] = await Promise.all([checkout(made, 30), checkout(made, 30)]);
    expect(first.ok && second.ok).toBe(true);
    expect(first.ok && second.ok && first.url === second.url).toBe(true);
    expect(fake.sessions.size - sessionsBefore).toBe(1);
    expect(await paymentsOf(made.reservation.id)).toHaveLength(1);
    // A third press later goes to the same checkout.
    const third = await checkout(made, 30);
    expect(third.ok && first.ok && third.url === first.url).toBe(true);
    expect(fake.sessions.size - sessionsBefore).toBe(1);
  });

  it("after an expired checkout, the same or a different amount opens a new session", async () => {
    const made = await makeReservation(2);
    const opened = new Date();
    const firstSession = await checkoutSession(made, 30, opened);
    fake.sessions.get(firstSession)!.status = "expired";
    await reconcilePendingPayments(db, gateway, wake, new Date(opened.getTime() + (RECONCILE_AFTER_MINUTES + 1) * 60_000));
    expect((await paymentBySession(firstSession)).status).toBe("expired");

    const otherAmount = await checkoutSession(made, 40);
    expect(otherAmount).not.toBe(firstSession);
    expect(fake.sessions.get(otherAmount)!.amount_total).toBe(8000);
    expect((await paymentsOf(made.reservation.id)).map((payment) => payment.amountCents).sort()).toEqual([6000, 8000]);
    await fake.pay(otherAmount);
    expect(await checkout(made, 30)).toMatchObject({ ok: false, reason: "already-paid" });
  });
});

describe("a payment for a reservation gone", () => {
  it("is refunded in full automatically, with the refund row's id as idempotency key", async () => {
    const made = await makeReservation(3);
    const sessionId = await checkoutSession(made, 30);
    await db.delete(reservations).where(eq(reservations.id, made.reservation.id));
    const orphan = await paymentBySession(sessionId);
    expect(orphan).toMatchObject({ reservationId: null, eventId: made.event.id, status: "pending" });

    await fake.pay(sessionId);
    const intent = String(fake.sessions.get(sessionId)!.payment_intent);
    const [refund] = await refundsOf(orphan.id);
    expect(refund).toMatchObject({ amountCents: 9000, requestedBy: "reservation gone", status: "succeeded" });
    const atStripe = fake.refunds.filter((candidate) => candidate.payment_intent === intent);
    expect(atStripe).toHaveLength(1);
    expect(atStripe[0]).toMatchObject({ amount: 9000, metadata: { refund_id: refund!.id } });
    expect(refund!.providerRefundId).toBe(atStripe[0]!.id);
    await expect.poll(async () => (await paymentBySession(sessionId)).status).toBe("refunded");
    expect((await paymentBySession(sessionId)).refundedCents).toBe(9000);
    // The same key again answers the same refund: no second one at Stripe.
    const replay = await gateway.refund({ paymentIntent: intent, amountCents: 9000, idempotencyKey: `harmonia-refund:${refund!.id}`, refundId: refund!.id });
    expect(replay.providerRefundId).toBe(atStripe[0]!.id);
    expect(fake.refunds.filter((candidate) => candidate.payment_intent === intent)).toHaveLength(1);
  });

  it("also when the whole event was deleted meanwhile", async () => {
    const made = await makeReservation(2);
    const sessionId = await checkoutSession(made, 30);
    await db.delete(events).where(eq(events.id, made.event.id));
    await fake.pay(sessionId);
    const payment = await paymentBySession(sessionId);
    expect(payment.reservationId).toBeNull();
    expect(await refundsOf(payment.id)).toMatchObject([{ amountCents: 6000, status: "succeeded" }]);
    await expect.poll(async () => (await paymentBySession(sessionId)).status).toBe("refunded");
  });
});

describe("refunds on a guest's cancellation", () => {
  const policy = { policy: "before-cutoff" as const, hours: 48 };
  const cancel = (made: Made, seatsCancelled: number, now: Date, seatsBefore = made.reservation.seats) =>
    db.transaction((tx) => refundsForCancellation(tx, { reservationId: made.reservation.id, seatsCancelled, seatsBefore, eventStartsAt: made.event.startsAt, now, policy }));

  it("at least 48 hours before: the whole contribution is queued for refund and given back by the pass", async () => {
    const made = await makeReservation(2, new Date(Date.now() + 3 * DAY));
    const { payment } = await paid(made, 30);
    const outcome = await cancel(made, 2, new Date());
    expect(outcome).toMatchObject({ refundCents: 6000, keptCents: 0 });
    expect(await refundsOf(payment.id)).toMatchObject([{ id: outcome.refundIds[0], amountCents: 6000, status: "pending", requestedBy: "guest cancellation" }]);
    expect(await processDueRefunds(db, gateway, { only: outcome.refundIds })).toBe(1);
    await expect.poll(async () => (await paymentBySession(payment.providerSessionId!)).status).toBe("refunded");
    expect((await paymentBySession(payment.providerSessionId!)).refundedCents).toBe(6000);
  });

  it("less than 48 hours before: kept, nothing queued", async () => {
    const made = await makeReservation(2, new Date(Date.now() + 2 * 3600_000));
    const { payment } = await paid(made, 30);
    expect(await cancel(made, 2, new Date())).toMatchObject({ refundCents: 0, keptCents: 6000, refundIds: [] });
    expect(await refundsOf(payment.id)).toHaveLength(0);
  });

  it("some of the seats: the proportional share, then the share of what is left", async () => {
    const made = await makeReservation(3, new Date(Date.now() + 5 * DAY));
    const { payment } = await paid(made, 30);
    expect(await cancel(made, 1, new Date(), 3)).toMatchObject({ refundCents: 3000, keptCents: 0 });
    expect(await cancel(made, 1, new Date(), 2)).toMatchObject({ refundCents: 3000 });
    expect((await refundsOf(payment.id)).map((refund) => refund.amountCents)).toEqual([3000, 3000]);
    await processDueRefunds(db, gateway);
    await expect.poll(async () => (await paymentBySession(payment.providerSessionId!)).refundedCents).toBe(6000);
    expect((await paymentBySession(payment.providerSessionId!)).status).toBe("partly_refunded");
  });

  it("a payment in cash is never refunded automatically", async () => {
    const made = await makeReservation(2, new Date(Date.now() + 5 * DAY));
    const staff: StaffMember = { id: "00000000-0000-4000-8000-000000000001", email: `door-${stamp}@example.com`, role: "admin" };
    const recorded = await recordManualPayment(db, staff, {
      reservation: { id: made.reservation.id, eventId: made.event.id, seats: 2, visitorName: made.reservation.visitorName, visitorEmail: made.reservation.visitorEmail },
      method: "cash",
      amountCents: 6000,
    });
    expect(recorded.ok).toBe(true);
    const [cash] = await paymentsOf(made.reservation.id);
    expect(await cancel(made, 2, new Date())).toMatchObject({ refundCents: 0, keptCents: 6000, refundIds: [] });
    expect(await refundsOf(cash!.id)).toHaveLength(0);
  });
});

describe("the refund pass", () => {
  async function queuedRefund(amountDollarsPerSeat = 30, seats = 2) {
    const made = await makeReservation(seats, new Date(Date.now() + 5 * DAY));
    const { payment, sessionId } = await paid(made, amountDollarsPerSeat);
    const outcome = await db.transaction((tx) =>
      refundsForCancellation(tx, { reservationId: made.reservation.id, seatsCancelled: seats, seatsBefore: seats, eventStartsAt: made.event.startsAt, now: new Date(), policy: { policy: "always", hours: 48 } }),
    );
    return { made, payment, sessionId, refundId: outcome.refundIds[0]!, intent: String(fake.sessions.get(sessionId)!.payment_intent) };
  }

  it("a retryable failure (Stripe unreachable) leaves it pending with a later next attempt", async () => {
    const { refundId, payment } = await queuedRefund();
    const unreachable = createStripeGateway({ secretKey: fake.secretKey, webhookSecret: fake.webhookSecret, apiBase: await closedPortUrl() });
    const now = new Date();
    expect(await processDueRefunds(db, unreachable, { now, only: [refundId] })).toBe(0);
    const [refund] = await refundsOf(payment.id);
    expect(refund).toMatchObject({ status: "pending", attempts: 1 });
    expect(refund!.nextAttemptAt.getTime()).toBeGreaterThan(now.getTime());
    expect(refund!.lastError).toMatch(/could not be reached/);
    // Not due again at once; due later, when Stripe answers.
    expect(await processDueRefunds(db, gateway, { now, only: [refundId] })).toBe(0);
    expect(await processDueRefunds(db, gateway, { now: new Date(refund!.nextAttemptAt.getTime() + 1000), only: [refundId] })).toBe(1);
    expect((await refundsOf(payment.id))[0]).toMatchObject({ status: "succeeded", attempts: 2 });
  }, 30_000);

  it("a permanent failure is marked failed in our words, never Stripe's message", async () => {
    const { refundId, payment, intent } = await queuedRefund();
    fake.holdWebhooks = true;
    await fake.client().refunds.create({ payment_intent: intent });
    expect(await processDueRefunds(db, gateway, { only: [refundId] })).toBe(0);
    const [refund] = await refundsOf(payment.id);
    expect(refund).toMatchObject({ status: "failed" });
    expect(refund!.lastError).toMatch(/^Stripe answered invalid_request_error \(charge_already_refunded\)/);
    expect(refund!.lastError).not.toContain(intent);
    expect(refund!.lastError).not.toMatch(/has already been refunded/);
  });

  it("a failed refund is shown to staff until a later refund of the same payment succeeds", async () => {
    const made = await makeReservation(2, new Date(Date.now() + 5 * DAY));
    const { payment } = await paid(made);
    const state = async () => (await contributionStates(db, [{ reservationId: made.reservation.id, expectedCents: 6000 }])).get(made.reservation.id)!;
    await db.insert(paymentRefunds).values({ paymentId: payment.id, amountCents: 1000, reason: "test", requestedBy: "admin@example.com", status: "failed", createdAt: new Date(Date.now() - 60_000) });
    expect(await state()).toMatchObject({ kind: "paid", refundFailed: true });
    await db.insert(paymentRefunds).values({ paymentId: payment.id, amountCents: 1000, reason: "test again", requestedBy: "admin@example.com", status: "succeeded", createdAt: new Date() });
    expect(await state()).toMatchObject({ kind: "paid", refundFailed: false });
  });

  it("two passes at once make one Stripe refund", async () => {
    const { refundId, payment, intent } = await queuedRefund();
    const results = await Promise.all([processDueRefunds(db, gateway, { only: [refundId] }), processDueRefunds(db, gateway, { only: [refundId] })]);
    expect(results.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(fake.refunds.filter((refund) => refund.payment_intent === intent)).toHaveLength(1);
    await expect.poll(async () => (await db.select().from(payments).where(eq(payments.id, payment.id)))[0]!.status).toBe("refunded");
  });

  it("a pass after a crash between Stripe's answer and our record makes no second refund", async () => {
    const { refundId, payment, intent } = await queuedRefund();
    fake.holdWebhooks = true;
    // The first pass asked Stripe, then stopped before writing the answer.
    await gateway.refund({ paymentIntent: intent, amountCents: 6000, idempotencyKey: `harmonia-refund:${refundId}`, refundId });
    expect(await processDueRefunds(db, gateway, { only: [refundId] })).toBe(1);
    expect(fake.refunds.filter((refund) => refund.payment_intent === intent)).toHaveLength(1);
    expect((await db.select().from(payments).where(eq(payments.id, payment.id)))[0]).toMatchObject({ status: "refunded", refundedCents: 6000 });
  });

  it("charge.refunded and our own refund's answer count once, in either order", async () => {
    // Our answer first, then charge.refunded.
    const first = await queuedRefund(30, 2);
    fake.holdWebhooks = true;
    expect(await processDueRefunds(db, gateway, { only: [first.refundId] })).toBe(1);
    await expect.poll(() => fake.events.filter((event) => event.type === "charge.refunded" && (event.data.object as Stripe.Charge).payment_intent === first.intent).length).toBe(1);
    expect((await db.select().from(payments).where(eq(payments.id, first.payment.id)))[0]).toMatchObject({ refundedCents: 6000, status: "refunded" });
    const chargeFirst = [...fake.events].reverse().find((event) => event.type === "charge.refunded" && (event.data.object as Stripe.Charge).payment_intent === first.intent)!;
    fake.holdWebhooks = false;
    expect(await fake.redeliver(chargeFirst.id)).toBe(200);
    expect((await db.select().from(payments).where(eq(payments.id, first.payment.id)))[0]).toMatchObject({ refundedCents: 6000, status: "refunded" });

    // charge.refunded first (a half refund), then our answer for the same half.
    const second = await queuedRefund(30, 2);
    await db.update(paymentRefunds).set({ amountCents: 3000 }).where(eq(paymentRefunds.id, second.refundId));
    fake.holdWebhooks = true;
    expect(await processDueRefunds(db, gateway, { only: [second.refundId] })).toBe(1);
    // Undo our record of the answer as if it had not been written yet, deliver Stripe's event, then record again.
    await db.update(paymentRefunds).set({ status: "pending", nextAttemptAt: new Date(0) }).where(eq(paymentRefunds.id, second.refundId));
    await db.update(payments).set({ refundedCents: 0, status: "paid" }).where(eq(payments.id, second.payment.id));
    await expect.poll(() => fake.events.some((event) => event.type === "charge.refunded" && (event.data.object as Stripe.Charge).payment_intent === second.intent)).toBe(true);
    const chargeSecond = [...fake.events].reverse().find((event) => event.type === "charge.refunded" && (event.data.object as Stripe.Charge).payment_intent === second.intent)!;
    fake.holdWebhooks = false;
    expect(await fake.redeliver(chargeSecond.id)).toBe(200);
    expect((await db.select().from(payments).where(eq(payments.id, second.payment.id)))[0]).toMatchObject({ refundedCents: 3000, status: "partly_refunded" });
    expect(await processDueRefunds(db, gateway, { only: [second.refundId] })).toBe(1);
    expect(fake.refunds.filter((refund) => refund.payment_intent === second.intent)).toHaveLength(1);
    expect((await db.select().from(payments).where(eq(payments.id, second.payment.id)))[0]).toMatchObject({ refundedCents: 3000, status: "partly_refunded" });
  });
});

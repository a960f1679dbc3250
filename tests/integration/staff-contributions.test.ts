import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityLog, events, paymentRefunds, payments } from "#db/schema";
import { buildEvent, buildReservation } from "#app/modules/demo/factories/events";
import { noOutboxWake } from "#app/modules/messaging/index.server";
import { confirmCheckoutReturn, createStripeGateway, type PaymentGateway, reconcilePendingPayments, startContributionCheckout } from "#app/modules/payments/index.server";
import { contributionWords } from "#app/modules/reservations";
import { readDashboard } from "#app/modules/dashboard/index.server";
import { checkInGuest, contributionsOfRecentEvents, exportGuestList, loadCheckIn, guestContributions, insertReservations, listReservationsAdmin, recordGuestContribution, refundGuestContribution } from "#app/modules/reservations/index.server";
import { StripeFake } from "#tests/support/stripe-fake";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";

/**
 * Staff and the door with contributions (issue 37 §3), against a real database (PGlite, or
 * PostgreSQL with DATABASE_URL) and the official Stripe SDK talking to the local stand-in: payments
 * recorded by hand (once, however many taps), refunds by hand and through Stripe, who may do
 * what, and how the guest list, its totals and its CSV say it.
 */
describe("staff record and refund contributions", () => {
  let database: TestDatabase;
  let fake: StripeFake;
  let gateway: PaymentGateway;
  const admin = { id: "admin-1", email: "admin@example.com", role: "admin" as const };
  const usher = { id: "usher-1", email: "usher@example.com", role: "event-staff" as const };
  const member = { id: "member-1", email: "member@example.com", role: "member" as const };
  const db = () => database.handle.db;

  beforeAll(async () => {
    database = await createTestDatabase();
    fake = new StripeFake();
    await fake.start();
    gateway = createStripeGateway({ secretKey: fake.secretKey, webhookSecret: fake.webhookSecret, apiBase: fake.url });
  });
  afterAll(async () => {
    await fake?.stop();
    await database?.dispose();
  });

  let night = 0;
  /** An event with guests of these seats (no contribution chosen: $30 a seat expected). */
  async function eventWith(seats: number[], status: "published" | "draft" = "published") {
    night += 1;
    const [event] = await db()
      .insert(events)
      .values(buildEvent({ title: `Contribution night ${night}`, startsAt: new Date(Date.now() + 20 * 86400_000), maxSeats: 40, status }))
      .returning();
    const rows = await insertReservations(
      db(),
      seats.map((count, index) => buildReservation(event!.id, { visitorName: `Guest ${night}-${index}`, seats: count })),
    );
    return { event: event!, reservations: rows };
  }
  const stateOf = async (reservation: { id: string; seats: number; donation: string | null }) => (await guestContributions(db(), [reservation])).get(reservation.id)!;

  /** A paid card payment, made as a guest makes it: a checkout, paid on Stripe's page, confirmed on the way back. */
  async function paidByCard(reservation: { id: string; eventId: string; seats: number; visitorName: string; visitorEmail: string | null }) {
    const started = await startContributionCheckout(db(), gateway, {
      reservation,
      event: { title: "Contribution night", startsAt: new Date(Date.now() + 20 * 86400_000) },
      perSeatDollars: 30,
      client: { key: `test-${reservation.id}`, rateLimitMultiplier: 100 },
      returnUrls: { success: "http://localhost/paid", cancel: "http://localhost/cancelled" },
    });
    if (!started.ok) throw new Error(`no checkout: ${started.message}`);
    const sessionId = /\/checkout\/(cs_test_\w+)/.exec(started.url)![1]!;
    await fake.pay(sessionId);
    const back = await confirmCheckoutReturn(db(), gateway, sessionId, noOutboxWake);
    expect(back.state).toBe("paid");
  }

  it("records cash at the door once however many taps arrive at the same moment, logged once", async () => {
    const { event, reservations } = await eventWith([2]);
    const guest = reservations[0]!;
    expect(contributionWords(await stateOf(guest))).toBe("Unpaid: $60 expected");
    const taps = await Promise.all(Array.from({ length: 20 }, () => recordGuestContribution(db(), usher, { eventId: event.id, reservationId: guest.id, method: "cash" })));
    expect(taps.filter((tap) => tap.ok)).toHaveLength(1);
    // Twenty at once: without the payments module's lock on the reservation, PostgreSQL records several.
    expect(taps.filter((tap) => !tap.ok).map((tap) => !tap.ok && tap.reason)).toEqual(Array.from({ length: 19 }, () => "unchanged"));
    const rows = await db().select().from(payments).where(eq(payments.reservationId, guest.id));
    expect(rows).toMatchObject([{ method: "cash", amountCents: 6000, status: "paid", recordedBy: usher.email }]);
    expect(contributionWords(await stateOf(guest))).toBe("Paid $60 in cash");
    const logged = await db().select().from(activityLog).where(and(eq(activityLog.subjectId, guest.id), eq(activityLog.kind, "contribution.recorded")));
    expect(logged).toHaveLength(1);
  });

  it("records another amount or method when staff type one, and refuses what cannot be read or another event's guest", async () => {
    const { event, reservations } = await eventWith([1, 1]);
    const other = await eventWith([1]);
    const bad = await recordGuestContribution(db(), admin, { eventId: event.id, reservationId: reservations[0]!.id, method: "cash", amount: "ten" });
    expect(bad).toMatchObject({ ok: false, reason: "invalid", fieldErrors: { amount: expect.any(String) }, values: { amount: "ten" } });
    const elsewhere = await recordGuestContribution(db(), admin, { eventId: other.event.id, reservationId: reservations[0]!.id, method: "cash" });
    expect(elsewhere).toMatchObject({ ok: false, reason: "not-found" });
    const typed = await recordGuestContribution(db(), admin, { eventId: event.id, reservationId: reservations[0]!.id, method: "other", amount: "$25.50" });
    expect(typed).toMatchObject({ ok: true });
    expect(contributionWords(await stateOf(reservations[0]!))).toBe("Paid $25.50 (other)");
    expect(await db().select().from(payments).where(eq(payments.reservationId, reservations[1]!.id))).toHaveLength(0);
  });

  it("refuses whoever the policy refuses: a member records nothing, event staff refund nothing, event staff act only on events in their scope", async () => {
    const { event, reservations } = await eventWith([1]);
    const guest = reservations[0]!;
    expect(await recordGuestContribution(db(), member, { eventId: event.id, reservationId: guest.id })).toMatchObject({ ok: false, reason: "forbidden" });
    expect(await recordGuestContribution(db(), admin, { eventId: event.id, reservationId: guest.id })).toMatchObject({ ok: true });
    expect(await refundGuestContribution(db(), gateway, usher, { eventId: event.id, reservationId: guest.id, reason: "asked" })).toMatchObject({ ok: false, reason: "forbidden" });
    expect(await db().select().from(paymentRefunds)).toSatisfy((rows: unknown[]) => rows.every((row) => (row as { paymentId: string }).paymentId !== guest.id));

    const draft = await eventWith([1], "draft");
    expect(await recordGuestContribution(db(), usher, { eventId: draft.event.id, reservationId: draft.reservations[0]!.id })).toMatchObject({ ok: false, reason: "forbidden" });
    expect(await db().select().from(payments).where(eq(payments.reservationId, draft.reservations[0]!.id))).toHaveLength(0);
  });

  it("marks a cash payment refunded by hand, in part then the rest, with a reason each time (logged), and refuses past what was paid", async () => {
    const { event, reservations } = await eventWith([2]);
    const guest = reservations[0]!;
    await recordGuestContribution(db(), usher, { eventId: event.id, reservationId: guest.id, method: "cash" });
    const noReason = await refundGuestContribution(db(), null, admin, { eventId: event.id, reservationId: guest.id, amount: "20", reason: " " });
    expect(noReason).toMatchObject({ ok: false, reason: "invalid", fieldErrors: { reason: expect.any(String) } });
    const tooMuch = await refundGuestContribution(db(), null, admin, { eventId: event.id, reservationId: guest.id, amount: "70", reason: "Left early" });
    expect(tooMuch).toMatchObject({ ok: false, reason: "invalid", message: "At most $60 of this contribution can still be refunded." });
    expect(await refundGuestContribution(db(), null, admin, { eventId: event.id, reservationId: guest.id, amount: "20", reason: "Left early" })).toMatchObject({
      ok: true,
      message: `$20 marked as refunded to ${guest.visitorName} by hand.`,
    });
    expect(contributionWords(await stateOf(guest))).toBe("Paid $60 in cash, $20 refunded");
    expect(await refundGuestContribution(db(), null, admin, { eventId: event.id, reservationId: guest.id, reason: "Event moved" })).toMatchObject({ ok: true });
    expect(contributionWords(await stateOf(guest))).toBe("Refunded $60");
    expect(await refundGuestContribution(db(), null, admin, { eventId: event.id, reservationId: guest.id, reason: "Again" })).toMatchObject({ ok: false, reason: "conflict" });
    const [payment] = await db().select().from(payments).where(eq(payments.reservationId, guest.id));
    const logged = await db().select().from(activityLog).where(and(eq(activityLog.subjectId, payment!.id), eq(activityLog.kind, "contribution.refunded")));
    expect(logged.map((entry) => (entry.after as { reason: string }).reason).sort()).toEqual(["Event moved", "Left early"]);
  });

  it("refunds half of a card payment through Stripe, once, and the guest list, its totals and the CSV say so", async () => {
    const { event, reservations } = await eventWith([2, 1]);
    const [payer, unpaid] = reservations as [(typeof reservations)[0], (typeof reservations)[0]];
    await paidByCard(payer);
    expect(contributionWords(await stateOf(payer))).toBe("Paid $60 by card");
    const refundsBefore = fake.refunds.length;
    const half = await refundGuestContribution(db(), gateway, admin, { eventId: event.id, reservationId: payer.id, amount: "30", reason: "One guest could not come" });
    expect(half).toMatchObject({ ok: true, message: `$30 refunded to ${payer.visitorName}'s card.` });
    expect(fake.refunds.length - refundsBefore).toBe(1);
    expect(fake.refunds.at(-1)).toMatchObject({ amount: 3000 });
    expect(contributionWords(await stateOf(payer))).toBe("Paid $60 by card, $30 refunded");
    // Without the gateway a card payment cannot be refunded here.
    expect(await refundGuestContribution(db(), null, admin, { eventId: event.id, reservationId: payer.id, reason: "more" })).toMatchObject({ ok: false, reason: "conflict" });

    const list = await listReservationsAdmin(db(), admin, {});
    if (!list.ok) throw new Error("refused");
    const shown = list.events.find((row) => row.id === event.id)!;
    expect(shown.contributions).toEqual({ expectedCents: 9000, paidCents: 3000, outstandingCents: 3000, refundedCents: 3000 });
    expect(shown.reservations.find((row) => row.id === unpaid.id)!.contribution).toMatchObject({ kind: "unpaid", expectedCents: 3000 });

    const csv = await exportGuestList(db(), admin, event.id, { timeZone: "America/Los_Angeles" });
    if (!csv.ok) throw new Error("refused");
    const [header, ...lines] = csv.csv.trim().split(/\r?\n/);
    expect(header).toContain("Contribution,Expected,Paid,Refunded,Method");
    expect(lines.find((line) => line.startsWith(payer.visitorName))).toContain('"Paid $60 by card, $30 refunded",$60,$60,$30,card');
    expect(lines.find((line) => line.startsWith(unpaid.visitorName))).toContain("Unpaid: $30 expected,$30,$0,$0,");
  });

  it("the dashboard charts each upcoming and recent event's contributions", async () => {
    const { event, reservations } = await eventWith([2, 2]);
    await recordGuestContribution(db(), admin, { eventId: event.id, reservationId: reservations[0]!.id, method: "cash" });
    await refundGuestContribution(db(), null, admin, { eventId: event.id, reservationId: reservations[0]!.id, amount: "10", reason: "Late start" });
    const [past] = await db().insert(events).values(buildEvent({ title: "Contribution night gone", startsAt: new Date(Date.now() - 2 * 86400_000), maxSeats: 10 })).returning();
    const [pastGuest] = await insertReservations(db(), [buildReservation(past!.id, { visitorName: "Early Eve", seats: 1 })]);
    await recordGuestContribution(db(), admin, { eventId: past!.id, reservationId: pastGuest!.id, method: "other", amount: "40" });

    const shown = await contributionsOfRecentEvents(db(), { now: new Date(), shown: 50 });
    expect(shown.upcoming.find((row) => row.eventId === event.id)).toMatchObject({ expectedCents: 12000, paidCents: 5000, outstandingCents: 6000, refundedCents: 1000, isPast: false });
    expect(shown.recent.find((row) => row.eventId === past!.id)).toMatchObject({ expectedCents: 3000, paidCents: 4000, outstandingCents: 0, refundedCents: 0, isPast: true });
    const dashboard = await readDashboard(db(), admin, { listKey: "community", search: "", page: 1, now: new Date(), timeZone: "America/Los_Angeles" });
    expect(dashboard.ok && dashboard.contributions.ok).toBe(true);
    expect(await readDashboard(db(), usher, { listKey: "community", search: "", page: 1, now: new Date(), timeZone: "America/Los_Angeles" })).toMatchObject({ ok: false, reason: "forbidden" });
  });

  it("the reconciliation asks Stripe only about checkouts still pending, never about payments staff recorded", async () => {
    const { event, reservations } = await eventWith([1, 1]);
    const [cash, card] = reservations as [(typeof reservations)[0], (typeof reservations)[0]];
    await recordGuestContribution(db(), usher, { eventId: event.id, reservationId: cash.id, method: "cash" });
    const started = await startContributionCheckout(db(), gateway, {
      reservation: card,
      event: { title: event.title, startsAt: event.startsAt },
      perSeatDollars: 30,
      client: { key: `test-${card.id}`, rateLimitMultiplier: 100 },
      returnUrls: { success: "http://localhost/paid", cancel: "http://localhost/cancelled" },
    });
    if (!started.ok) throw new Error("no checkout");
    const sessionId = /\/checkout\/(cs_test_\w+)/.exec(started.url)![1]!;
    // Paid at Stripe, the webhook lost (none is sent here): only the reconciliation can find it.
    await fake.pay(sessionId);
    const asked: string[] = [];
    const counting: PaymentGateway = { ...gateway, retrieveSession: (id) => (asked.push(id), gateway.retrieveSession(id)) };
    await reconcilePendingPayments(db(), counting, noOutboxWake, new Date(Date.now() + 10 * 60_000));
    expect(asked.filter((id) => !id?.startsWith("cs_test_"))).toEqual([]);
    expect(asked).toContain(sessionId);
    expect(contributionWords(await stateOf(card))).toBe("Paid $30 by card");
    expect(contributionWords(await stateOf(cash))).toBe("Paid $30 in cash");
  });

  it("the door's list shows each guest's contribution, and a payment leaves the arrived seats alone", async () => {
    const { event, reservations } = await eventWith([1, 2]);
    await checkInGuest(db(), usher, { eventId: event.id, reservationId: reservations[0]!.id, intent: "arrive-one" });
    await recordGuestContribution(db(), usher, { eventId: event.id, reservationId: reservations[0]!.id, method: "cash" });
    const door = await loadCheckIn(db(), usher, event.id);
    if (!door.ok) throw new Error("refused");
    expect(door.guests.map((guest) => [guest.name, guest.arrivedSeats, contributionWords(guest.contribution)])).toEqual([
      [reservations[0]!.visitorName, 1, "Paid $30 in cash"],
      [reservations[1]!.visitorName, 0, "Unpaid: $60 expected"],
    ]);
  });
});

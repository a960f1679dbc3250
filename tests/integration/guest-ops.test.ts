import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityLog, events, outbox, reservations, waitlistEntries, type EventRow } from "#db/schema";
import { openDatabase, queryRows, type Database } from "#app/lib/db.server";
import { buildEvent, buildReservation } from "#app/modules/demo/factories/events";
import { cancelLinks } from "#app/modules/reservations/cancel-links.server";
import { cancelReservation, showCancellation } from "#app/modules/reservations/cancel-reservation.server";
import { guestMessages } from "#app/modules/reservations/guest-messages";
import { mintGuestTokens } from "#app/modules/reservations/guest-tokens.server";
import { insertReservations } from "#app/modules/reservations/insert-reservations.server";
import { joinWaitingList } from "#app/modules/reservations/waiting-list/join-waiting-list.server";
import { offerManually } from "#app/modules/reservations/waiting-list/offer-manually.server";
import { reminderRenderer } from "#app/modules/reservations/guest-emails.server";
import { queueDueReminders, reminderKey } from "#app/modules/reservations/reminders.server";
import { reserveSeats } from "#app/modules/reservations/reserve-seats.server";
import { setRemindersEnabled } from "#app/modules/reservations/set-reminders-enabled.server";
import { listWaitingList, processWaitingLists } from "#app/modules/reservations/waiting-list/waiting-list.server";
import { claimOffer, leaveWaitingList } from "#app/modules/reservations/waiting-list/waiting-list-links.server";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { noOutboxWake } from "#app/modules/messaging/index.server";
import { recordManualPayment } from "#app/modules/payments/index.server";
import { noSenderWakes } from "#tests/support/no-sender-wakes";

/**
 * Cancelling from a link, the waiting list's holds and offers, and reminders, against the test
 * database (embedded, or PostgreSQL with DATABASE_URL). The clock is passed in, never slept on.
 */
const HOUR = 60 * 60 * 1000;
const client = { key: "203.0.113.9", rateLimitMultiplier: 1000, seatsPerEvent: 10 };
const ticketSecret = "a-signing-secret-for-the-guest-ops-tests";
const staff = { id: "staff-1", email: "admin@harmonia.example", role: "admin" as const };
let database: TestDatabase;
let db: Database;
let counter = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.handle.db;
});
afterAll(() => database?.dispose());

async function createEvent(maxSeats: number, options: { startsInHours?: number; createdHoursAgo?: number } = {}): Promise<EventRow> {
  counter += 1;
  const now = Date.now();
  const [event] = await db
    .insert(events)
    .values({
      ...buildEvent({ title: `Guest ops ${counter}`, startsAt: new Date(now + (options.startsInHours ?? 72) * HOUR), maxSeats }),
      createdAt: new Date(now - (options.createdHoursAgo ?? 240) * HOUR),
    })
    .returning();
  return event!;
}

async function reserve(event: EventRow, seats: number, email = `r${++counter}@example.com`) {
  const outcome = await reserveSeats(db, { name: "Guest Person", email, phone: "", seats, eventId: event.id });
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.reservation;
}

async function cancelToken(reservationId: string, event: EventRow) {
  const links = await cancelLinks(db, [{ reservation: { id: reservationId }, event }], "");
  return new URL(links.get(reservationId)!, "http://x").searchParams.get("token")!;
}

async function counter_(eventId: string) {
  const [row] = await db.select({ seatsTaken: events.seatsTaken, maxSeats: events.maxSeats }).from(events).where(eq(events.id, eventId));
  return row!;
}

/** The invariant: the counter is the reservations' seats plus the seats held by open offers. */
async function expectConsistent(eventId: string) {
  const [row] = await queryRows<{ reserved: number; held: number }>(
    db,
    sql`select (select coalesce(sum(seats), 0)::int from reservations where event_id = ${eventId}) as reserved,
               (select coalesce(sum(seats), 0)::int from waitlist_entries where event_id = ${eventId} and status = 'offered') as held`,
  );
  const { seatsTaken, maxSeats } = await counter_(eventId);
  expect(seatsTaken).toBe(Number(row!.reserved) + Number(row!.held));
  expect(seatsTaken).toBeLessThanOrEqual(maxSeats!);
  return { seatsTaken, reserved: Number(row!.reserved), held: Number(row!.held) };
}

const join = (event: EventRow, seats: number, email = `w${++counter}@example.com`, now?: Date) =>
  joinWaitingList(db, { wake: noOutboxWake, client, eventSlug: event.slug, input: { name: "Wait Er", email, phone: "", seats }, now });

async function claimToken(entryId: string, expiresAt: Date) {
  const [token] = await mintGuestTokens(db, [{ purpose: "claim-offer", waitlistEntryId: entryId, expiresAt }]);
  return token!;
}

describe("guests cancel themselves", () => {
  it("shows the reservation without changing anything, gives back fewer seats, then all, once per link", async () => {
    const event = await createEvent(10);
    const reservation = await reserve(event, 4);
    const token = await cancelToken(reservation.id, event);

    const shown = await showCancellation(db, token);
    expect(shown.ok && shown.reservation.seats).toBe(4);
    expect((await counter_(event.id)).seatsTaken).toBe(4);

    const partly = await cancelReservation(db, { wake: noOutboxWake, client, token, seats: 1, offerHours: 12 });
    expect(partly).toMatchObject({ ok: true, seatsCancelled: 1, seatsLeft: 3 });
    expect((await counter_(event.id)).seatsTaken).toBe(3);
    // The link acted once.
    expect(await cancelReservation(db, { wake: noOutboxWake, client, token, seats: 1, offerHours: 12 })).toMatchObject({ ok: false, message: guestMessages.linkUsed });

    const again = await cancelToken(reservation.id, event);
    expect(await cancelReservation(db, { wake: noOutboxWake, client, token: again, seats: "all", offerHours: 12 })).toMatchObject({ ok: true, seatsCancelled: 3, seatsLeft: 0 });
    expect((await counter_(event.id)).seatsTaken).toBe(0);
    expect(await db.select().from(reservations).where(eq(reservations.eventId, event.id))).toEqual([]);
    const mails = await db.select().from(outbox).where(eq(outbox.kind, "reservation-cancellation"));
    expect(mails.filter((mail) => mail.recipient === reservation.visitorEmail)).toHaveLength(2);
    expect(await showCancellation(db, again)).toMatchObject({ ok: false, reason: "used" });
  });

  it("limits cancellation attempts per client address", async () => {
    const limited = { key: "198.51.100.77", rateLimitMultiplier: 1 };
    const outcomes = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      outcomes.push(await cancelReservation(db, { wake: noOutboxWake, client: limited, token: "y".repeat(43), seats: "all", offerHours: 12 }));
    }
    expect(outcomes.slice(0, 10).every((outcome) => !outcome.ok && outcome.reason === "invalid")).toBe(true);
    expect(outcomes[10]).toMatchObject({ ok: false, reason: "too-many-attempts" });
  });

  it("refuses an unknown link, and a link of a reservation deleted meanwhile", async () => {
    expect(await cancelReservation(db, { wake: noOutboxWake, client, token: "x".repeat(43), seats: "all", offerHours: 12 })).toMatchObject({ ok: false, reason: "invalid" });
    const event = await createEvent(10);
    const reservation = await reserve(event, 2);
    const token = await cancelToken(reservation.id, event);
    await db.delete(reservations).where(eq(reservations.id, reservation.id));
    expect(await cancelReservation(db, { wake: noOutboxWake, client, token, seats: "all", offerHours: 12 })).toMatchObject({ ok: false, message: guestMessages.reservationGone });
  });
});

describe("the waiting list", () => {
  it("takes guests only when their group does not fit, tells their place, and offers freed seats at once, held", async () => {
    const event = await createEvent(4);
    expect(await join(event, 2)).toMatchObject({ ok: false, reason: "seats-available" });
    const holder = await reserve(event, 4);
    expect((await join(event, 2)).ok).toBe(true);
    const second = await join(event, 1);
    expect(second).toMatchObject({ ok: true, place: 2 });
    const third = await join(event, 3);
    expect(third).toMatchObject({ ok: true, place: 3 });
    expect(await join(event, 1, second.ok ? second.entry.email : "")).toMatchObject({ ok: false, reason: "already-waiting" });

    // One seat back: the first group (2) does not fit, the second (1) does and is offered.
    const token = await cancelToken(holder.id, event);
    await cancelReservation(db, { wake: noOutboxWake, client, token, seats: 1, offerHours: 12 });
    let list = await listWaitingList(db, event.id);
    expect(list.map((line) => [line.seats, line.status, line.place])).toEqual([
      [2, "waiting", 1],
      [1, "offered", null],
      [3, "waiting", 2],
    ]);
    expect(await expectConsistent(event.id)).toEqual({ seatsTaken: 4, reserved: 3, held: 1 });
    // Held seats are taken for everyone else.
    expect(await reserveSeats(db, { name: "Late", email: "late@example.com", phone: "", seats: 1, eventId: event.id })).toMatchObject({ ok: false });
    expect(await db.select().from(outbox).where(and(eq(outbox.kind, "waiting-list-offer"), eq(outbox.recipient, second.ok ? second.entry.email : "")))).toHaveLength(1);

    // Claiming turns the hold into a reservation without counting the seats twice.
    const offered = list[1]!;
    const claimed = await claimOffer(db, { wake: noOutboxWake, client, token: await claimToken(offered.id, offered.offerExpiresAt!) });
    expect(claimed).toMatchObject({ ok: true });
    expect(await expectConsistent(event.id)).toEqual({ seatsTaken: 4, reserved: 4, held: 0 });
    list = await listWaitingList(db, event.id);
    expect(list[1]!.status).toBe("claimed");
  });

  it("an expired offer passes its seats to the next in line (clock moved), a decline too, and leaving works", async () => {
    const event = await createEvent(2);
    const holder = await reserve(event, 2);
    const first = await join(event, 2);
    const second = await join(event, 2);
    const third = await join(event, 1);
    if (!first.ok || !second.ok || !third.ok) throw new Error("not joined");
    const now = new Date();
    await cancelReservation(db, { wake: noOutboxWake, client, token: await cancelToken(holder.id, event), seats: "all", offerHours: 12, now });
    expect((await listWaitingList(db, event.id)).map((line) => line.status)).toEqual(["offered", "waiting", "waiting"]);

    // Nothing changes before the offer's time is up; after it, the next group gets the seats.
    await processWaitingLists(db, { now: new Date(now.getTime() + 11 * HOUR), offerHours: 12 }, noOutboxWake);
    expect((await listWaitingList(db, event.id)).map((line) => line.status)).toEqual(["offered", "waiting", "waiting"]);
    const later = new Date(now.getTime() + 12 * HOUR + 1000);
    expect(await processWaitingLists(db, { now: later, offerHours: 12 }, noOutboxWake)).toEqual({ expired: 1, offered: 1 });
    let list = await listWaitingList(db, event.id);
    expect(list.map((line) => line.status)).toEqual(["expired", "offered", "waiting"]);
    await expectConsistent(event.id);
    // The expired guest's link no longer claims.
    expect(await claimOffer(db, { wake: noOutboxWake, client, token: await claimToken(first.entry.id, new Date(later.getTime() + HOUR)), now: later })).toMatchObject({
      ok: false,
      message: guestMessages.offerGone,
    });

    // The second declines: the seats go on to the third (one seat), one stays free.
    const declined = await leaveWaitingList(db, { wake: noOutboxWake, client, token: await claimToken(second.entry.id, list[1]!.offerExpiresAt!), purpose: "claim-offer", now: later, offerHours: 12 });
    expect(declined.ok).toBe(true);
    list = await listWaitingList(db, event.id);
    expect(list.map((line) => line.status)).toEqual(["expired", "left", "offered"]);
    expect(await expectConsistent(event.id)).toEqual({ seatsTaken: 1, reserved: 0, held: 1 });

    // Staff offer the expired entry again, by hand, when its group fits: it does not (1 seat free).
    expect(await offerManually(db, staff, first.entry.id, { now: later, offerHours: 12 }, noOutboxWake)).toMatchObject({ ok: false, reason: "not-enough-seats" });
  });

  it("staff offer an entry by hand (recorded), and a max-seats raise is offered by the job", async () => {
    const event = await createEvent(1);
    await reserve(event, 1);
    const waiting = await join(event, 2);
    if (!waiting.ok) throw new Error("not joined");
    await db.update(events).set({ maxSeats: 2 }).where(eq(events.id, event.id));
    expect(await offerManually(db, staff, waiting.entry.id, { now: new Date(), offerHours: 12 }, noOutboxWake)).toMatchObject({ ok: false, reason: "not-enough-seats" });
    await db.update(events).set({ maxSeats: 3 }).where(eq(events.id, event.id));
    expect(await offerManually(db, staff, waiting.entry.id, { now: new Date(), offerHours: 12 }, noOutboxWake)).toMatchObject({ ok: true });
    expect(await db.select().from(activityLog).where(eq(activityLog.subjectId, waiting.entry.id))).toHaveLength(1);
    await expectConsistent(event.id);

    const other = await createEvent(1);
    await reserve(other, 1);
    const next = await join(other, 1);
    await db.update(events).set({ maxSeats: 2 }).where(eq(events.id, other.id));
    expect(await processWaitingLists(db, { now: new Date(), offerHours: 12 }, noOutboxWake)).toMatchObject({ offered: 1 });
    expect((await listWaitingList(db, other.id))[0]).toMatchObject({ id: next.ok ? next.entry.id : "", status: "offered" });
  });

  it("never gives a seat twice: cancellations, claims, declines, expiries and new reservations race for the same seats", async () => {
    const SEATS = 12;
    const event = await createEvent(SEATS);
    const held = await insertReservations(db, Array.from({ length: 6 }, (_, index) => ({ ...buildReservation(event.id, { seats: 2 }), visitorEmail: `h${index}@example.com` })));
    const entries = [];
    for (let index = 0; index < 8; index += 1) {
      const joined = await join(event, 1 + (index % 2));
      if (!joined.ok) throw new Error(joined.message);
      entries.push(joined.entry);
    }
    const tokens = await Promise.all(held.map((reservation) => cancelToken(reservation.id, event)));
    const now = new Date();
    // On PostgreSQL, half the work comes through a second pool: two instances sharing the database.
    const second = database.url ? await openDatabase({ databaseUrl: database.url }) : undefined;
    const other = second?.db ?? db;
    const claims = async () => {
      for (let round = 0; round < 6; round += 1) {
        const offered = await db.select().from(waitlistEntries).where(and(eq(waitlistEntries.eventId, event.id), eq(waitlistEntries.status, "offered")));
        await Promise.all(offered.map(async (entry) => claimOffer(db, { wake: noOutboxWake, client, token: await claimToken(entry.id, entry.offerExpiresAt!), now })));
      }
    };
    const [cancellations] = await Promise.all([
      Promise.all(tokens.map((token, index) => cancelReservation(index % 2 ? other : db, { wake: noOutboxWake, client, token, seats: index % 2 ? "all" : 1, offerHours: 12, now }))),
      Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          reserveSeats(index % 2 ? other : db, { name: "Racer", email: `racer${index}@example.com`, phone: "", seats: 1 + (index % 3), eventId: event.id }, { now }),
        ),
      ),
      claims(),
      processWaitingLists(other, { now, offerHours: 12 }, noOutboxWake),
      processWaitingLists(db, { now: new Date(now.getTime() + 13 * HOUR), offerHours: 12 }, noOutboxWake),
    ]);
    await second?.close();
    // Every cancellation went through: none lost to a deadlock between the locks taken.
    expect(cancellations.map((outcome) => outcome.ok)).toEqual(tokens.map(() => true));
    await processWaitingLists(db, { now, offerHours: 12 }, noOutboxWake);
    const { seatsTaken } = await expectConsistent(event.id);
    expect(seatsTaken).toBeLessThanOrEqual(SEATS);
    // No claimed entry's reservation is missing, none counted twice.
    const claimed = await db.select().from(waitlistEntries).where(and(eq(waitlistEntries.eventId, event.id), eq(waitlistEntries.status, "claimed")));
    for (const entry of claimed) expect(entry.reservationId).not.toBeNull();
  });
});

describe("reminders", () => {
  it("queues the day-before and the same-day reminder once each, at their moments, and none when switched off or cancelled", async () => {
    const event = await createEvent(20, { startsInHours: 30 });
    const kept = await reserve(event, 2);
    const cancelled = await reserve(event, 1);
    await cancelReservation(db, { wake: noOutboxWake, client, token: await cancelToken(cancelled.id, event), seats: "all", offerHours: 12 });
    const starts = event.startsAt.getTime();
    const keys = async () =>
      (await db.select({ key: outbox.idempotencyKey }).from(outbox).where(eq(outbox.kind, "reservation-reminder")))
        .map((row) => row.key)
        .filter((key) => key.includes(kept.id) || key.includes(cancelled.id))
        .sort();

    await queueDueReminders(db, noSenderWakes, new Date(starts - 25 * HOUR));
    expect(await keys()).toEqual([]);
    await queueDueReminders(db, noSenderWakes, new Date(starts - 24 * HOUR + 60_000));
    await queueDueReminders(db, noSenderWakes, new Date(starts - 23 * HOUR));
    expect(await keys()).toEqual([reminderKey(kept.id, "day-before")]);
    await Promise.all([queueDueReminders(db, noSenderWakes, new Date(starts - 2 * HOUR)), queueDueReminders(db, noSenderWakes, new Date(starts - 2 * HOUR))]);
    expect(await keys()).toEqual([reminderKey(kept.id, "day-before"), reminderKey(kept.id, "same-day")]);
    await queueDueReminders(db, noSenderWakes, new Date(starts + HOUR));
    expect(await keys()).toHaveLength(2);

    const quiet = await createEvent(20, { startsInHours: 30 });
    const guest = await reserve(quiet, 1);
    expect(await setRemindersEnabled(db, staff, quiet.id, false)).toEqual({ ok: true });
    await queueDueReminders(db, noSenderWakes, new Date(quiet.startsAt.getTime() - 2 * HOUR));
    expect((await db.select().from(outbox).where(eq(outbox.idempotencyKey, reminderKey(guest.id, "same-day"))))).toEqual([]);
    expect(await db.select().from(activityLog).where(eq(activityLog.kind, "event.reminders-changed"))).toHaveLength(1);
  });

  it("renders a reminder when sent: time, place, directions, the .ics and a fresh cancel link; none for a cancelled reservation", async () => {
    const event = await createEvent(20, { startsInHours: 2 });
    const guest = await reserve(event, 2);
    await db.update(reservations).set({ createdAt: new Date(Date.now() - 48 * HOUR) }).where(eq(reservations.id, guest.id));
    await queueDueReminders(db, noSenderWakes, new Date());
    const [row] = await db.select().from(outbox).where(eq(outbox.idempotencyKey, reminderKey(guest.id, "same-day")));
    const renderer = reminderRenderer({ publicUrl: "https://harmonia.example", ticketSecret });
    const outcome = (await renderer.render(db, [row!])).get(row!.id);
    if (!outcome || !("rendered" in outcome)) throw new Error("not rendered");
    expect(outcome.rendered.subject).toMatch(new RegExp(`^Today at .*: ${event.title}$`));
    expect(outcome.rendered.text).toContain("https://www.google.com/maps/search/?api=1&query=");
    expect(outcome.rendered.text).toContain("https://harmonia.example/reservations/cancel?token=");
    expect(outcome.rendered.attachments?.[0]?.content).toContain(`SUMMARY:${event.title}`);
    await db.delete(reservations).where(eq(reservations.id, guest.id));
    expect((await renderer.render(db, [row!])).get(row!.id)).toBeUndefined();
  });

  it("an unpaid guest's reminder carries their contribution link (or the fixed one without Stripe); a paid guest's thanks them", async () => {
    const event = await createEvent(20, { startsInHours: 2 });
    const [unpaid, paid] = [await reserve(event, 2), await reserve(event, 1)];
    await db.update(reservations).set({ createdAt: new Date(Date.now() - 48 * HOUR) }).where(eq(reservations.eventId, event.id));
    const admin = { id: "00000000-0000-4000-8000-000000000001", email: "admin@harmonia.example", role: "admin" as const };
    expect(await recordManualPayment(db, admin, { reservation: { ...paid, visitorEmail: paid.visitorEmail }, method: "cash", amountCents: 3000 })).toMatchObject({ ok: true });
    await queueDueReminders(db, noSenderWakes, new Date());
    const rows = await db.select().from(outbox).where(sql`${outbox.idempotencyKey} in (${reminderKey(unpaid.id, "same-day")}, ${reminderKey(paid.id, "same-day")})`);
    const textOf = async (contributions: { online: boolean; fixedUrl: string }, reservationId: string) => {
      const row = rows.find((candidate) => candidate.meta.reservationId === reservationId)!;
      const outcome = (await reminderRenderer({ publicUrl: "https://harmonia.example", contributions, ticketSecret }).render(db, [row])).get(row.id);
      if (!outcome || !("rendered" in outcome)) throw new Error("not rendered");
      return outcome.rendered.text;
    };
    const online = { online: true, fixedUrl: "https://donate.example/fixed" };
    expect(await textOf(online, unpaid.id)).toContain("Your contribution of $60 is still open");
    expect(await textOf(online, unpaid.id)).toContain("https://harmonia.example/reservations/contribution?token=");
    expect(await textOf({ ...online, online: false }, unpaid.id)).toContain("https://donate.example/fixed");
    const thanked = await textOf(online, paid.id);
    expect(thanked).toContain("Thank you for your contribution.");
    expect(thanked).not.toContain("/reservations/contribution?token=");
  });

  it("an event created less than 24 hours ahead sends only the same-day reminder", async () => {
    const event = await createEvent(20, { startsInHours: 20, createdHoursAgo: 1 });
    const guest = await reserve(event, 1);
    const starts = event.startsAt.getTime();
    await queueDueReminders(db, noSenderWakes, new Date(starts - 10 * HOUR));
    await queueDueReminders(db, noSenderWakes, new Date(starts - 2 * HOUR));
    const keys = (await db.select({ key: outbox.idempotencyKey }).from(outbox)).map((row) => row.key).filter((key) => key.includes(guest.id));
    expect(keys).toEqual([reminderKey(guest.id, "same-day")]);
  });
});

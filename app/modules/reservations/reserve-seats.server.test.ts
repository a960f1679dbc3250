import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events, reservations } from "#db/schema";
import { buildEvent } from "#app/modules/demo/factories/events";
import { queryRows } from "#app/lib/db.server";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { reservationMessages } from "./reservation-form";
import { reserveSeats } from "./reserve-seats.server";

describe("reserveSeats", () => {
  let database: TestDatabase;
  const now = new Date("2026-06-01T12:00:00Z");
  const later = new Date("2026-06-20T02:00:00Z");
  const guest = { name: "Ada", email: "ada@example.com", phone: "" };

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.dispose());

  const createEvent = async (overrides: Parameters<typeof buildEvent>[0]) => {
    const [event] = await database.handle.db.insert(events).values(buildEvent(overrides)).returning();
    return event!;
  };
  const reservedSeats = async (eventId: string) =>
    (await queryRows<{ seats: number }>(database.handle.db, sql`select coalesce(sum(seats), 0)::int as seats from reservations where event_id = ${eventId}`))[0]!.seats;

  it("reserves seats up to max_seats and refuses what does not fit", async () => {
    const event = await createEvent({ title: "Small room", startsAt: later, maxSeats: 5 });
    const first = await reserveSeats(database.handle.db, { ...guest, seats: 4, eventId: event.id }, { now });
    expect(first.ok).toBe(true);
    const second = await reserveSeats(database.handle.db, { ...guest, seats: 2, eventId: event.id }, { now });
    expect(second).toEqual({ ok: false, reason: "not-enough-seats", message: reservationMessages.notEnoughSeats });
    expect((await reserveSeats(database.handle.db, { ...guest, seats: 1, eventId: event.id }, { now })).ok).toBe(true);
    expect(await reservedSeats(event.id)).toBe(5);
  });

  it("never oversells under concurrent attempts", async () => {
    const event = await createEvent({ title: "Busy night", startsAt: later, maxSeats: 10 });
    const attempts = await Promise.all(
      Array.from({ length: 30 }, () => reserveSeats(database.handle.db, { ...guest, seats: 1, eventId: event.id }, { now })),
    );
    expect(attempts.filter((outcome) => outcome.ok)).toHaveLength(10);
    expect(attempts.filter((outcome) => !outcome.ok).every((outcome) => !outcome.ok && outcome.message === reservationMessages.notEnoughSeats)).toBe(true);
    expect(await reservedSeats(event.id)).toBe(10);
  });

  it("answers the catalogue's messages for missing, hidden, flagged and closed events", async () => {
    const missing = await reserveSeats(database.handle.db, { ...guest, seats: 1, eventId: "00000000-0000-4000-8000-000000000000" }, { now });
    expect(missing).toMatchObject({ ok: false, message: reservationMessages.eventNotFound });
    const draft = await createEvent({ title: "Draft", startsAt: later, status: "draft" });
    expect(await reserveSeats(database.handle.db, { ...guest, seats: 1, eventId: draft.id }, { now })).toMatchObject({ message: reservationMessages.eventNotFound });
    const flagged = await createEvent({ title: "Flagged", startsAt: later, soldOut: true });
    expect(await reserveSeats(database.handle.db, { ...guest, seats: 1, eventId: flagged.id }, { now })).toMatchObject({ message: reservationMessages.notEnoughSeats });
    const past = await createEvent({ title: "Past", startsAt: new Date("2026-05-01T00:00:00Z") });
    expect(await reserveSeats(database.handle.db, { ...guest, seats: 1, eventId: past.id }, { now })).toMatchObject({ reason: "not-taking-reservations" });
    const ticketsOnly = await createEvent({ title: "Tickets only", startsAt: later, maxSeats: null, getTicketsLink: "https://t.example" });
    expect(await reserveSeats(database.handle.db, { ...guest, seats: 1, eventId: ticketsOnly.id }, { now })).toMatchObject({ reason: "not-taking-reservations" });
  });

  it("checks the event as it is now, even right after a reservation read it open, and keeps nothing it refuses", async () => {
    const event = await createEvent({ title: "Closing soon", startsAt: later, maxSeats: 5 });
    expect((await reserveSeats(database.handle.db, { ...guest, seats: 1, eventId: event.id }, { now })).ok).toBe(true);
    // Within the same second: the first look may come from the moment-old read, the UPDATE may not.
    await database.handle.db.update(events).set({ status: "draft" }).where(eq(events.id, event.id));
    expect(await reserveSeats(database.handle.db, { ...guest, seats: 1, eventId: event.id }, { now })).toMatchObject({
      ok: false,
      message: reservationMessages.eventNotFound,
    });
    await database.handle.db.update(events).set({ status: "published", soldOut: true }).where(eq(events.id, event.id));
    expect(await reserveSeats(database.handle.db, { ...guest, seats: 1, eventId: event.id }, { now })).toMatchObject({
      ok: false,
      message: reservationMessages.notEnoughSeats,
    });
    await database.handle.db.update(events).set({ soldOut: false }).where(eq(events.id, event.id));
    expect((await reserveSeats(database.handle.db, { ...guest, seats: 1, eventId: event.id }, { now })).ok).toBe(true);
    await database.handle.db.delete(reservations).where(eq(reservations.eventId, event.id));
    await database.handle.db.delete(events).where(eq(events.id, event.id));
    expect(await reserveSeats(database.handle.db, { ...guest, seats: 1, eventId: event.id }, { now })).toMatchObject({
      ok: false,
      message: reservationMessages.eventNotFound,
    });
    expect(await queryRows(database.handle.db, sql`select id from outbox where recipient = ${guest.email} and meta->>'reservationId' is not null and not exists (select 1 from reservations r where r.id::text = outbox.meta->>'reservationId')`)).toHaveLength(0);
  });

  it("keeps neither the reservation nor its seats when its e-mail cannot be queued, and says so", async () => {
    const event = await createEvent({ title: "Mail trouble", startsAt: later, maxSeats: 5 });
    const outcome = await reserveSeats(
      database.handle.db,
      { ...guest, seats: 2, eventId: event.id },
      { now, afterReserved: async (tx) => { await tx.execute(sql`select * from no_such_table`); return undefined; } },
    );
    expect(outcome).toEqual({ ok: false, reason: "could-not-save", message: reservationMessages.couldNotSave });
    expect(await database.handle.db.select().from(reservations).where(eq(reservations.eventId, event.id))).toHaveLength(0);
    expect(await reservedSeats(event.id)).toBe(0);
  });

  it("says 'Could not check reservations.' when the event's seats cannot be read, and keeps nothing", async () => {
    const event = await createEvent({ title: "Counting trouble", startsAt: later, maxSeats: 5 });
    const db = database.handle.db;
    await db.execute(sql`alter table events rename to events_away`);
    try {
      const outcome = await reserveSeats(db, { ...guest, seats: 1, eventId: event.id }, { now });
      expect(outcome).toEqual({ ok: false, reason: "could-not-check", message: reservationMessages.couldNotCheck });
    } finally {
      await db.execute(sql`alter table events_away rename to events`);
    }
    expect(await reservedSeats(event.id)).toBe(0);
  });

  it("says 'Could not save reservation.' when the database refuses the row", async () => {
    const event = await createEvent({ title: "Saving trouble", startsAt: later, maxSeats: 5 });
    const db = database.handle.db;
    await db.execute(sql`create function refuse_reservation() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`);
    await db.execute(sql`create trigger refuse_reservation before insert on reservations for each row execute function refuse_reservation()`);
    try {
      const outcome = await reserveSeats(db, { ...guest, seats: 1, eventId: event.id }, { now });
      expect(outcome).toEqual({ ok: false, reason: "could-not-save", message: reservationMessages.couldNotSave });
    } finally {
      await db.execute(sql`drop trigger refuse_reservation on reservations`);
      await db.execute(sql`drop function refuse_reservation()`);
    }
    expect(await reservedSeats(event.id)).toBe(0);
  });
});

import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events, reservations } from "#db/schema";
import { buildEvent, buildReservation } from "#app/modules/demo/factories/events";
import { queryRows } from "#app/lib/db.server";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { insertReservations } from "./insert-reservations.server";
import { reserveSeats } from "./reserve-seats.server";

// The event's seat counter (docs/decisions/018) against the truth it stands for: the seats its
// reservations hold. Runs on the embedded database, and on PostgreSQL with DATABASE_URL.
describe("the seat counter", () => {
  let database: TestDatabase;
  const now = new Date("2026-06-01T12:00:00Z");
  const later = new Date("2026-06-20T02:00:00Z");

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.dispose());

  const createEvent = async (overrides: Parameters<typeof buildEvent>[0]) => {
    const [event] = await database.handle.db.insert(events).values(buildEvent(overrides)).returning();
    return event!;
  };
  const seats = async (eventId: string) => {
    const [row] = await queryRows<{ taken: number; held: number; max: number | null }>(
      database.handle.db,
      sql`select e.seats_taken as taken, e.max_seats as max,
            (select coalesce(sum(r.seats), 0)::int from reservations r where r.event_id = e.id) as held
          from events e where e.id = ${eventId}`,
    );
    return row!;
  };

  it("equals the reserved seats after concurrent reservations, never above max_seats", async () => {
    const event = await createEvent({ title: "Counter night", startsAt: later, maxSeats: 23 });
    const attempts = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        reserveSeats(
          database.handle.db,
          { name: "Guest", email: `guest-${index}@example.com`, phone: "", seats: 1 + (index % 3), eventId: event.id },
          { now },
        ),
      ),
    );
    const reserved = attempts.reduce((sum, outcome) => sum + (outcome.ok ? outcome.reservation.seats : 0), 0);
    const after = await seats(event.id);
    expect(after.held).toBe(reserved);
    expect(after.taken).toBe(reserved);
    expect(after.taken).toBeLessThanOrEqual(23);
    // 40 attempts of 1-3 seats ask for 79: the event fills up to within one small request.
    expect(after.taken).toBeGreaterThanOrEqual(21);
  });

  it("gives a deleted reservation's seats back, and follows edited seats", async () => {
    const event = await createEvent({ title: "Give back", startsAt: later, maxSeats: 4 });
    const guest = (email: string, count: number) => ({ name: "Guest", email, phone: "", seats: count, eventId: event.id });
    const first = await reserveSeats(database.handle.db, guest("one@example.com", 3), { now });
    expect(first.ok).toBe(true);
    expect((await reserveSeats(database.handle.db, guest("two@example.com", 2), { now })).ok).toBe(false);

    await database.handle.db.delete(reservations).where(eq(reservations.id, first.ok ? first.reservation.id : ""));
    expect(await seats(event.id)).toMatchObject({ taken: 0, held: 0 });
    const second = await reserveSeats(database.handle.db, guest("two@example.com", 2), { now });
    expect(second.ok).toBe(true);

    const id = second.ok ? second.reservation.id : "";
    await database.handle.db.update(reservations).set({ seats: 4 }).where(eq(reservations.id, id));
    expect(await seats(event.id)).toMatchObject({ taken: 4, held: 4 });
    // Editing a reservation past the event's capacity is refused by the constraint, and nothing changes.
    await expect(database.handle.db.update(reservations).set({ seats: 5 }).where(eq(reservations.id, id))).rejects.toMatchObject({
      cause: { code: "23514" },
    });
    expect(await seats(event.id)).toMatchObject({ taken: 4, held: 4 });
  });

  it("gives the seats back when a reservation moves to another event", async () => {
    const from = await createEvent({ title: "Moved from", startsAt: later, maxSeats: 10 });
    const to = await createEvent({ title: "Moved to", startsAt: later, maxSeats: 10 });
    const [row] = await insertReservations(database.handle.db, [buildReservation(from.id, { seats: 3 })]);
    await database.handle.db.update(reservations).set({ eventId: to.id }).where(eq(reservations.id, row!.id));
    expect(await seats(from.id)).toMatchObject({ taken: 0, held: 0 });
    expect(await seats(to.id)).toMatchObject({ taken: 3, held: 3 });
  });

  it("refuses a direct UPDATE that would oversell or go below zero", async () => {
    const event = await createEvent({ title: "Guarded", startsAt: later, maxSeats: 5 });
    await expect(
      database.handle.db.update(events).set({ seatsTaken: 6 }).where(eq(events.id, event.id)),
    ).rejects.toMatchObject({ cause: { code: "23514" } });
    await expect(
      database.handle.db.update(events).set({ seatsTaken: -1 }).where(eq(events.id, event.id)),
    ).rejects.toMatchObject({ cause: { code: "23514" } });
    // Lowering the capacity below the seats already held is refused too.
    await insertReservations(database.handle.db, [buildReservation(event.id, { seats: 4 })]);
    await expect(database.handle.db.update(events).set({ maxSeats: 3 }).where(eq(events.id, event.id))).rejects.toMatchObject({
      cause: { code: "23514" },
    });
    expect(await seats(event.id)).toMatchObject({ taken: 4, held: 4, max: 5 });
  });

  it("counts reservations stored outside the form, and refuses a batch that does not fit", async () => {
    const event = await createEvent({ title: "Seeded", startsAt: later, maxSeats: 6 });
    await insertReservations(database.handle.db, [buildReservation(event.id, { seats: 2 }), buildReservation(event.id, { seats: 3 })]);
    expect(await seats(event.id)).toMatchObject({ taken: 5, held: 5 });
    await expect(insertReservations(database.handle.db, [buildReservation(event.id, { seats: 2 })])).rejects.toThrow();
    expect(await seats(event.id)).toMatchObject({ taken: 5, held: 5 });
    // Only one seat is left, and reserveSeats sees it.
    const guest = { name: "Guest", email: "last@example.com", phone: "" };
    expect((await reserveSeats(database.handle.db, { ...guest, seats: 2, eventId: event.id }, { now })).ok).toBe(false);
    expect((await reserveSeats(database.handle.db, { ...guest, seats: 1, eventId: event.id }, { now })).ok).toBe(true);
  });

  it("is left alone when an event goes with its reservations", async () => {
    const event = await createEvent({ title: "Cancelled", startsAt: later, maxSeats: 6 });
    await insertReservations(database.handle.db, [buildReservation(event.id, { seats: 2 })]);
    await database.handle.db.delete(events).where(eq(events.id, event.id));
    expect(await queryRows(database.handle.db, sql`select id from reservations where event_id = ${event.id}`)).toHaveLength(0);
  });
});

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events, reservations, waitlistEntries } from "#db/schema";
import { buildEvent, buildReservation } from "#app/modules/demo/factories/events";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { countReservationsByEvent, eventReservations, listGuestsOfEvent } from "./event-reservations.server";
import { insertReservations } from "./insert-reservations.server";

// What this module offers others about an event's guests (docs/decisions/064).
describe("an event's reservations, for other modules", () => {
  let database: TestDatabase;
  const startsAt = new Date(Date.now() + 30 * 86_400_000);

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.dispose());

  const createEvent = async (title: string) => (await database.handle.db.insert(events).values(buildEvent({ title, startsAt, maxSeats: 10 })).returning())[0]!;

  it("counts reservations per event and lists an event's guests in the order they reserved", async () => {
    const db = database.handle.db;
    const busy = await createEvent("Guests busy");
    const empty = await createEvent("Guests empty");
    await insertReservations(db, [{ ...buildReservation(busy.id, { visitorName: "First", seats: 2 }), createdAt: new Date("2026-01-01T00:00:00Z") }]);
    await insertReservations(db, [{ ...buildReservation(busy.id, { visitorName: "Second", phone: "+1 555 0100", seats: 1 }), createdAt: new Date("2026-01-02T00:00:00Z") }]);
    expect(await countReservationsByEvent(db, [busy.id, empty.id])).toEqual(new Map([[busy.id, 2]]));
    const guests = await listGuestsOfEvent(db, busy.id);
    expect(guests.map((guest) => [guest.name, guest.seats, guest.phone])).toEqual([
      ["First", 2, null],
      ["Second", 1, "+1 555 0100"],
    ]);
    expect(await listGuestsOfEvent(db, empty.id)).toEqual([]);
  });

  it("removes an event's reservations and waiting list when the event goes, and says how many reservations", async () => {
    const db = database.handle.db;
    const event = await createEvent("Guests going");
    const other = await createEvent("Guests staying");
    await insertReservations(db, [buildReservation(event.id), buildReservation(event.id), buildReservation(other.id)]);
    await db.insert(waitlistEntries).values({ eventId: event.id, name: "Wait", email: "wait@example.com", emailKey: "wait@example.com", seats: 1, position: 1 });
    const removed = await db.transaction(async (tx) => {
      await eventReservations.lock(tx, event.id);
      return eventReservations.remove(tx, event.id);
    });
    expect(removed).toBe(2);
    expect(await db.select().from(reservations).where(eq(reservations.eventId, event.id))).toEqual([]);
    expect(await db.select().from(waitlistEntries).where(eq(waitlistEntries.eventId, event.id))).toEqual([]);
    expect(await db.select().from(reservations).where(eq(reservations.eventId, other.id))).toHaveLength(1);
    // Not an event's id at all: nothing to lock, nothing fails.
    await db.transaction((tx) => eventReservations.lock(tx, "not-an-id"));
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildEvent, buildReservation } from "#app/modules/demo/factories/events";
import { events } from "#db/schema";
import { insertReservations } from "#app/modules/reservations/insert-reservations.server";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { findPublicEventBySlug, listPublicEvents } from "./list-events.server";

describe("listPublicEvents", () => {
  let database: TestDatabase;
  const later = new Date("2030-06-20T02:00:00Z");

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.dispose());

  it("counts each event's own reserved seats", async () => {
    const [full, open] = await database.handle.db
      .insert(events)
      .values([buildEvent({ title: "Full room", startsAt: later, maxSeats: 4 }), buildEvent({ title: "Open room", startsAt: later, maxSeats: 9 })])
      .returning();
    await insertReservations(database.handle.db, [buildReservation(full!.id, { seats: 3 }), buildReservation(full!.id, { seats: 1 })]);

    const listed = await listPublicEvents(database.handle.db);
    expect(listed.find((event) => event.id === full!.id)?.seatsReserved).toBe(4);
    expect(listed.find((event) => event.id === open!.id)?.seatsReserved).toBe(0);
    expect((await findPublicEventBySlug(database.handle.db, full!.slug))?.seatsReserved).toBe(4);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildEvent, buildReservation, venueTime } from "#app/modules/demo/factories/events";
import { events } from "#db/schema";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { insertReservations } from "./insert-reservations.server";
import { listReservationsAdmin } from "./list-reservations-admin.server";

// The reservations page's order and 'Past' badge follow the one meaning of past (docs/decisions/056).
describe("the reservations page's order", () => {
  let database: TestDatabase;
  const timeZone = "America/Los_Angeles";
  const now = venueTime(timeZone, 0, 15, 0, new Date("2031-06-10T19:00:00Z"));
  const at = (days: number, hour: number) => venueTime(timeZone, days, hour, 0, now);

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.dispose());

  it("lists upcoming events soonest first, then past ones newest first: begun today, yesterday, and marked 'Past Event' by hand", async () => {
    const db = database.handle.db;
    const inserted = await db
      .insert(events)
      .values([
        buildEvent({ title: "Yesterday", startsAt: at(-1, 19) }),
        buildEvent({ title: "Next week", startsAt: at(7, 19) }),
        buildEvent({ title: "Marked workshop", startsAt: at(3, 14), button: " PAST event" }),
        buildEvent({ title: "This morning", startsAt: at(0, 9) }),
        buildEvent({ title: "Tonight", startsAt: at(0, 19) }),
      ])
      .returning();
    await insertReservations(db, [buildReservation(inserted.find((event) => event.title === "This morning")!.id)]);
    const listed = await listReservationsAdmin(db, { role: "admin" }, { now });
    if (!listed.ok) throw new Error(listed.message);
    expect(listed.events.map((event) => [event.title, event.isPast])).toEqual([
      ["Tonight", false],
      ["Next week", false],
      ["Marked workshop", true],
      ["This morning", true],
      ["Yesterday", true],
    ]);
  });
});

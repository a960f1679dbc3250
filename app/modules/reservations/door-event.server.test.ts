import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildEvent, venueTime } from "~/modules/demo/factories/events";
import { events } from "../../../db/schema";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { findDoorEvent } from "./door-event.server";

describe("findDoorEvent", () => {
  let database: TestDatabase;
  const timeZone = "America/Los_Angeles";
  const now = venueTime(timeZone, 0, 12, 0, new Date("2031-06-10T19:00:00Z"));
  const at = (days: number, hour: number) => venueTime(timeZone, days, hour, 0, now);

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.dispose());

  const usher = { role: "event-staff" as const };
  const admin = { role: "admin" as const };

  it("finds the first event taking reservations from the start of today on, never an archived one", async () => {
    const [archivedTonight, , tomorrow] = await database.handle.db
      .insert(events)
      .values([
        buildEvent({ title: "Archived tonight", startsAt: at(0, 19), status: "archived" }),
        buildEvent({ title: "Tickets elsewhere tonight", startsAt: at(0, 18), maxSeats: null }),
        buildEvent({ title: "Tomorrow", startsAt: at(1, 19) }),
        buildEvent({ title: "Yesterday", startsAt: at(-1, 19) }),
      ])
      .returning({ id: events.id });
    expect(archivedTonight).toBeDefined();
    expect(await findDoorEvent(database.handle.db, usher, { timeZone, now })).toEqual({ id: tomorrow!.id });
    // This morning's event (begun hours ago) still counts: the door may open late.
    const [morning] = await database.handle.db.insert(events).values(buildEvent({ title: "This morning", startsAt: at(0, 8) })).returning({ id: events.id });
    expect(await findDoorEvent(database.handle.db, usher, { timeZone, now })).toEqual({ id: morning!.id });
  });

  it("leads event staff past a draft to the next published event; an admin's door is the draft's", async () => {
    const [draft, published] = await database.handle.db
      .insert(events)
      .values([buildEvent({ title: "Draft at dawn", startsAt: at(0, 1), status: "draft" }), buildEvent({ title: "Published at two", startsAt: at(0, 2) })])
      .returning({ id: events.id });
    expect(await findDoorEvent(database.handle.db, usher, { timeZone, now })).toEqual({ id: published!.id });
    expect(await findDoorEvent(database.handle.db, admin, { timeZone, now })).toEqual({ id: draft!.id });
  });
});

import { afterEach, beforeAll, afterAll, describe, expect, it } from "vitest";
import { buildEvent, buildReservation, venueTime } from "#app/modules/demo/factories/events";
import { events } from "#db/schema";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { findDoorEvent } from "./door-event.server";
import { insertReservations } from "../insert-reservations.server";

/**
 * Where the door works (docs/decisions/056): today's event with guests, even once begun; else the
 * next upcoming one by the one rule of past. Never yesterday's, never one marked 'Past Event'.
 */
describe("findDoorEvent", () => {
  let database: TestDatabase;
  const timeZone = "America/Los_Angeles";
  // Noon at the venue on 10 June 2031.
  const now = venueTime(timeZone, 0, 12, 0, new Date("2031-06-10T19:00:00Z"));
  const at = (days: number, hour: number, minute = 0) => venueTime(timeZone, days, hour, minute, now);

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.dispose());
  afterEach(async () => {
    await database.handle.db.delete(events);
  });

  const usher = { role: "event-staff" as const };
  const admin = { role: "admin" as const };

  async function add(title: string, startsAt: Date, options: { guests?: number; status?: "draft" | "published" | "archived"; maxSeats?: number | null; button?: string; durationMinutes?: number } = {}) {
    const [event] = await database.handle.db
      .insert(events)
      .values(buildEvent({ title, startsAt, status: options.status, maxSeats: options.maxSeats, button: options.button, durationMinutes: options.durationMinutes }))
      .returning({ id: events.id });
    if (options.guests) await insertReservations(database.handle.db, Array.from({ length: options.guests }, () => buildReservation(event!.id, { seats: 1 })));
    return event!.id;
  }
  const door = (actor: { role: "event-staff" | "admin" } = usher, when = now) => findDoorEvent(database.handle.db, actor, { timeZone, now: when });

  it("lands on today's event with guests even after it began, never on an empty one that began earlier today", async () => {
    await add("Empty this morning", at(0, 8));
    const withGuests = await add("Guests this morning", at(0, 10, 30), { guests: 2 });
    await add("Tomorrow", at(1, 19), { guests: 3 });
    expect(await door()).toEqual({ id: withGuests });
  });

  it("goes to the next upcoming event when today has none with guests: not yesterday's, not one begun today, not one marked 'Past Event'", async () => {
    await add("Yesterday", at(-1, 19), { guests: 4 });
    await add("Empty this morning", at(0, 8));
    await add("Marked over, in two days", at(2, 14), { button: "past event", guests: 1 });
    await add("Archived tomorrow", at(1, 18), { status: "archived", guests: 1 });
    await add("Tickets elsewhere tomorrow", at(1, 17), { maxSeats: null });
    const next = await add("In three days", at(3, 19));
    expect(await door()).toEqual({ id: next });
  });

  it("between two of today's evenings with guests, meets the one under way, else the next to begin, else the last", async () => {
    const afternoon = await add("Afternoon", at(0, 11), { guests: 1, durationMinutes: 120 });
    const evening = await add("Evening", at(0, 19), { guests: 1, durationMinutes: 120 });
    await add("Empty at six", at(0, 18));
    // Noon: the afternoon session is under way.
    expect(await door()).toEqual({ id: afternoon });
    // 15:00: it is over; the evening is next.
    expect(await door(usher, at(0, 15))).toEqual({ id: evening });
    // 23:30: both are over; the door is the last one's.
    expect(await door(usher, at(0, 23, 30))).toEqual({ id: evening });
  });

  it("leads event staff past a draft to a published event; an admin's door may be the draft", async () => {
    const draft = await add("Draft at one", at(0, 13), { status: "draft", guests: 1 });
    const published = await add("Published at two", at(0, 14));
    expect(await door(usher)).toEqual({ id: published });
    expect(await door(admin)).toEqual({ id: draft });
  });

  it("is null when nothing is today with guests and nothing is coming", async () => {
    await add("Last week", at(-7, 19), { guests: 2 });
    expect(await door()).toBeNull();
  });
});

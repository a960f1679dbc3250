import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events } from "#db/schema";
import { buildEvent } from "#app/modules/demo/factories/events";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import {
  changeSeatsTaken,
  findEvent,
  findEventsByIds,
  findEventsTitled,
  freeSeatsOfUpcoming,
  takeSeatsIfOpen,
  takeSeatsWithinMax,
} from "./event-seats.server";

// The door the reservations module takes seats through (docs/decisions/064): every write is one
// conditional statement that refuses what does not fit, whatever the caller read before.
describe("the events module's seat door", () => {
  let database: TestDatabase;
  const now = new Date("2026-06-01T12:00:00Z");
  const later = new Date("2026-06-20T02:00:00Z");
  const earlier = new Date("2026-05-20T02:00:00Z");

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.dispose());

  const createEvent = async (overrides: Parameters<typeof buildEvent>[0]) => {
    const [event] = await database.handle.db.insert(events).values(buildEvent(overrides)).returning();
    return event!;
  };
  const seatsTaken = async (eventId: string) => (await findEvent(database.handle.db, { eventId }))!.seatsTaken;

  it("takes the public form's seats only from an open event, never past max seats", async () => {
    const db = database.handle.db;
    const open = await createEvent({ title: "Door open", startsAt: later, maxSeats: 5 });
    expect((await takeSeatsIfOpen(db, open.id, 4, now))?.seatsTaken).toBe(4);
    expect(await takeSeatsIfOpen(db, open.id, 2, now)).toBeUndefined();
    expect(await seatsTaken(open.id)).toBe(4);
    const draft = await createEvent({ title: "Door draft", startsAt: later, maxSeats: 5, status: "draft" });
    const begun = await createEvent({ title: "Door begun", startsAt: earlier, maxSeats: 5 });
    const flagged = await createEvent({ title: "Door flagged", startsAt: later, maxSeats: 5, soldOut: true });
    const elsewhere = await createEvent({ title: "Door elsewhere", startsAt: later, maxSeats: null });
    for (const closed of [draft, begun, flagged, elsewhere]) expect(await takeSeatsIfOpen(db, closed.id, 1, now)).toBeUndefined();
    expect(await seatsTaken(draft.id)).toBe(0);
  });

  it("takes staff seats and holds whatever the status, but never past max seats; gives seats back", async () => {
    const db = database.handle.db;
    const draft = await createEvent({ title: "Staff draft", startsAt: earlier, maxSeats: 3, status: "draft" });
    expect(await takeSeatsWithinMax(db, draft.id, 3)).toBe(true);
    expect(await takeSeatsWithinMax(db, draft.id, 1)).toBe(false);
    await changeSeatsTaken(db, draft.id, -2);
    expect(await seatsTaken(draft.id)).toBe(1);
    // The counter's CHECK backs the unconditional change.
    await expect(changeSeatsTaken(db, draft.id, 5)).rejects.toThrow();
    await expect(changeSeatsTaken(db, draft.id, -2)).rejects.toThrow();
  });

  it("answers lookups by id, by title as a guest types it, and the free seats of upcoming events only", async () => {
    const db = database.handle.db;
    const soon = await createEvent({ title: "  Moonlight Sonata ", startsAt: later, maxSeats: 10 });
    const gone = await createEvent({ title: "Past Sonata", startsAt: earlier, maxSeats: 10 });
    const noSeats = await createEvent({ title: "Ticket Sonata", startsAt: later, maxSeats: null });
    await takeSeatsWithinMax(db, soon.id, 4);
    expect([...(await findEventsByIds(db, [soon.id, soon.id, gone.id])).keys()].sort()).toEqual([soon.id, gone.id].sort());
    expect((await findEventsTitled(db, "moonlight sonata")).map((event) => event.id)).toEqual([soon.id]);
    expect(await freeSeatsOfUpcoming(db, [soon.id, gone.id, noSeats.id], now)).toEqual(new Map([[soon.id, 6]]));
    expect(await findEvent(db, { eventSlug: soon.slug })).toMatchObject({ id: soon.id });
  });
});

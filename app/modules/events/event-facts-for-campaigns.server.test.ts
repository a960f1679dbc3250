import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events, reservations } from "#db/schema";
import { buildEvent, buildReservation } from "#app/modules/demo/factories/events";
import { eventIdsWithGuests } from "#app/modules/reservations/index.server";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { eventsStartingAfter, eventsTakingReservations, eventTitlesById, findEventForMailing } from "./event-facts-for-campaigns.server";

describe("what mailings read of events", () => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.dispose());

  const day = 86_400_000;
  async function event(title: string, daysFromNow: number, maxSeats: number | null = 40) {
    const [row] = await db()
      .insert(events)
      .values(buildEvent({ title, startsAt: new Date(Date.now() + daysFromNow * day), maxSeats }))
      .returning();
    return row!;
  }

  it("finds one event by id, and none for an unknown id or one that is no UUID", async () => {
    const evening = await event("Facts evening", 3);
    expect(await findEventForMailing(db(), evening.id)).toEqual({ id: evening.id, slug: evening.slug, title: "Facts evening", status: "published", maxSeats: 40 });
    expect(await findEventForMailing(db(), "00000000-0000-4000-8000-000000000000")).toBeUndefined();
    expect(await findEventForMailing(db(), "not-a-uuid")).toBeUndefined();
  });

  it("gives the titles of some events by id, and only the events that take reservations on this site", async () => {
    const seated = await event("Seated evening", 4);
    const ticketed = await event("Ticketed evening", 5, null);
    expect(await eventTitlesById(db(), [])).toEqual(new Map());
    expect(await eventTitlesById(db(), [seated.id, ticketed.id, "00000000-0000-4000-8000-000000000000"])).toEqual(
      new Map([
        [seated.id, "Seated evening"],
        [ticketed.id, "Ticketed evening"],
      ]),
    );
    const taking = (await eventsTakingReservations(db())).map((row) => row.id);
    expect(taking).toContain(seated.id);
    expect(taking).not.toContain(ticketed.id);
  });

  it("lists the events with guests starting after a moment, soonest first, at most the limit", async () => {
    const longAgo = await event("Long ago", -30);
    const later = await event("Later", 9);
    const sooner = await event("Sooner", 8);
    const empty = await event("Nobody yet", 7);
    const third = await event("Third", 10);
    for (const { id } of [longAgo, later, sooner, sooner, third]) await db().insert(reservations).values(buildReservation(id));
    const since = new Date(Date.now() + 6 * day);
    const found = await eventsStartingAfter(db(), since, { among: eventIdsWithGuests(db()), limit: 2 });
    expect(found.map((row) => row.title)).toEqual(["Sooner", "Later"]);
    expect(found[0]).toMatchObject({ id: sooner.id, startsAt: sooner.startsAt });
    const all = await eventsStartingAfter(db(), since, { among: eventIdsWithGuests(db()), limit: 50 });
    expect(all.map((row) => row.id)).toEqual([sooner.id, later.id, third.id]);
    expect(all.map((row) => row.id)).not.toContain(empty.id);
  });
});

import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityLog, events } from "../../../db/schema";
import { buildEvent } from "~/modules/demo/factories/events";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { deleteEventPermanently, duplicateEvent, hideEvent } from "./event-lifecycle.server";
import { eventFailures, eventToasts } from "./event-management-messages";
import { moveEventDown, moveEventUp } from "./event-ordering.server";
import { eventStats, mostUsedLocations } from "./list-managed-events.server";
import { createEvent } from "./save-event.server";

// The use cases against the database itself: the order under concurrent moves (real concurrency on
// PostgreSQL with DATABASE_URL), the role check, the stats and the quick-select.
describe("event management use cases", () => {
  let database: TestDatabase;
  const admin = { id: "admin-1", email: "admin@example.com", role: "admin" as const };
  const otherAdmin = { id: "admin-2", email: "other@example.com", role: "admin" as const };
  const usher = { id: "usher-1", email: "usher@example.com", role: "event-staff" as const };

  beforeAll(async () => {
    database = await createTestDatabase();
    const db = database.handle.db;
    // Seeded with gaps and ties, as older data may hold: the first move renumbers them.
    for (let index = 0; index < 12; index += 1) {
      await db.insert(events).values(
        buildEvent({
          title: `Order ${index}`,
          startsAt: new Date(Date.UTC(2030, 0, 1 + index, 2)),
          displayOrder: index < 4 ? 0 : index * 3,
          location: index % 3 === 0 ? "La Jolla Shores" : index % 3 === 1 ? "Mount Soledad" : `Place ${index}`,
          featured: index === 1,
          isActive: index !== 2,
        }),
      );
    }
  });
  afterAll(() => database.dispose());

  const orders = async () => (await database.handle.db.select({ id: events.id, order: events.displayOrder }).from(events).orderBy(asc(events.displayOrder), asc(events.id)));

  it("keeps the order 1..n while two admins move events at once, one log line per move made", async () => {
    const ids = (await orders()).map((row) => row.id);
    const moves = Array.from({ length: 60 }, (_, index) => {
      const actor = index % 2 ? admin : otherAdmin;
      const id = ids[(index * 7) % ids.length]!;
      return index % 3 ? moveEventUp(database.handle.db, actor, { id }) : moveEventDown(database.handle.db, actor, { id });
    });
    const outcomes = await Promise.all(moves);
    const after = await orders();
    expect(after.map((row) => row.order)).toEqual(after.map((_, index) => index + 1));
    const moved = await database.handle.db.select().from(activityLog).where(eq(activityLog.kind, "event.moved"));
    expect(moved).toHaveLength(outcomes.filter((outcome) => outcome.ok).length);
  });

  it("refuses to move the first up and the last down, with the spec's failure", async () => {
    const ordered = await orders();
    const up = await moveEventUp(database.handle.db, admin, { id: ordered[0]!.id });
    expect(up).toMatchObject({ ok: false, reason: "conflict" });
    expect(up.message.startsWith(eventFailures.moveUp)).toBe(true);
    const down = await moveEventDown(database.handle.db, admin, { id: ordered.at(-1)!.id });
    expect(down.message.startsWith(eventFailures.moveDown)).toBe(true);
    expect(await moveEventUp(database.handle.db, admin, { id: ordered[1]!.id })).toMatchObject({ ok: true, message: eventToasts.movedUp });
  });

  it("places a new event last and a duplicate right below its original", async () => {
    const created = await createEvent(database.handle.db, admin, {
      title: "Newest",
      image: "/media/images/event-yoga.svg",
      date: "2030-03-01",
      time: "19:00",
      description: "New.",
    });
    if (!created.ok) throw new Error(created.message);
    const count = (await orders()).length;
    expect(created.event).toMatchObject({ displayOrder: count, status: "draft", isActive: true });
    const second = (await orders())[1]!;
    const copy = await duplicateEvent(database.handle.db, admin, { id: second.id });
    if (!copy.ok) throw new Error(copy.message);
    expect(copy.event).toMatchObject({ displayOrder: 3, status: "draft", isActive: false, seatsTaken: 0 });
    const after = await orders();
    expect(after.map((row) => row.order)).toEqual(after.map((_, index) => index + 1));
    expect(after[2]!.id).toBe(copy.event.id);
  });

  it("closes the gap a permanent delete leaves, and refuses it for an active event", async () => {
    const victim = (await orders())[4]!;
    expect(await deleteEventPermanently(database.handle.db, admin, { id: victim.id })).toMatchObject({ ok: false, reason: "conflict" });
    await hideEvent(database.handle.db, admin, { id: victim.id });
    expect(await deleteEventPermanently(database.handle.db, admin, { id: victim.id })).toMatchObject({ ok: true, reservationsDeleted: 0 });
    const after = await orders();
    expect(after.map((row) => row.order)).toEqual(after.map((_, index) => index + 1));
  });

  it("refuses event staff, and writes nothing for them", async () => {
    const before = (await database.handle.db.select().from(activityLog)).length;
    const first = (await orders())[1]!;
    expect(await moveEventUp(database.handle.db, usher, { id: first.id })).toMatchObject({ ok: false, reason: "forbidden" });
    expect(await hideEvent(database.handle.db, usher, { id: first.id })).toMatchObject({ ok: false, reason: "forbidden" });
    expect((await database.handle.db.select().from(activityLog)).length).toBe(before);
  });

  it("counts the six stats, upcoming and past by start time against now", async () => {
    const now = new Date(Date.UTC(2030, 0, 6));
    const stats = await eventStats(database.handle.db, now);
    const rows = await database.handle.db.select().from(events);
    expect(stats).toEqual({
      total: rows.length,
      active: rows.filter((row) => row.isActive).length,
      inactive: rows.filter((row) => !row.isActive).length,
      featured: rows.filter((row) => row.featured).length,
      upcoming: rows.filter((row) => row.startsAt >= now).length,
      past: rows.filter((row) => row.startsAt < now).length,
    });
    expect(stats.past).toBeGreaterThan(0);
    expect(stats.upcoming).toBeGreaterThan(0);
  });

  it("offers at most 6 locations, the most used first", async () => {
    const locations = await mostUsedLocations(database.handle.db);
    expect(locations.length).toBeLessThanOrEqual(6);
    expect(locations.slice(0, 2).sort()).toEqual(["La Jolla Shores", "Mount Soledad"]);
  });
});

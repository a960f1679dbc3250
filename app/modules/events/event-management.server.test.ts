import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityLog, events, reservations } from "#db/schema";
import { buildEvent, buildReservation } from "#app/modules/demo/factories/events";
import { eventReservations, insertReservations } from "#app/modules/reservations/index.server";
import { siteConfig } from "#app/lib/site-config";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { archiveEvent, deleteEventForGood as deleteEventWithDependents, duplicateEvent, publishEvent, restoreEvent, toggleFeatured, unpublishEvent } from "./event-lifecycle.server";
import { eventFailures, eventToasts } from "./event-management-messages";
import { instantToVenueDateTime } from "./event-venue-time";
import { eventStats, listManagedEvents, loadEventManagement, mostUsedLocations } from "./list-managed-events.server";
import { listPublicEvents } from "./list-events.server";
import type { EventActor } from "./event-management.server";
import type { Database } from "#app/lib/db.server";

/** Deleting for good as the events page does it: the reservations module's rows go with the event. */
const deleteEventForGood = (db: Database, actor: EventActor, input: { id: string }) => deleteEventWithDependents(db, actor, input, eventReservations);
import { createEvent } from "./save-event.server";

// The use cases against the database itself: the one lifecycle (draft → published → archived and
// back), the date order with the featured pin, duplicate with a new date, the role check, the
// stats and the quick-select.
describe("event management use cases", () => {
  let database: TestDatabase;
  const admin = { id: "admin-1", email: "admin@example.com", role: "admin" as const };
  const usher = { id: "usher-1", email: "usher@example.com", role: "event-staff" as const };
  const now = new Date(Date.UTC(2030, 0, 6, 12));
  const day = (n: number, hour = 2) => new Date(Date.UTC(2030, 0, n, hour));
  const db = () => database.handle.db;

  beforeAll(async () => {
    database = await createTestDatabase();
    // Twelve events inserted out of date order: the lists must not care how they were inserted.
    for (const index of [7, 2, 11, 0, 5, 9, 1, 3, 10, 4, 8, 6]) {
      await db().insert(events).values(
        buildEvent({
          title: `Order ${index}`,
          startsAt: day(1 + index),
          location: index % 3 === 0 ? "La Jolla Shores" : index % 3 === 1 ? "Mount Soledad" : `Place ${index}`,
          status: index === 2 ? "archived" : "published",
        }),
      );
    }
  });
  afterAll(() => database.dispose());

  const byTitle = async (title: string) => (await db().select().from(events).where(eq(events.title, title)))[0]!;
  const form = (title: string, date: string, time = "19:00") => ({ title, image: "/media/images/event-yoga.svg", date, time, description: "New.", maxSeats: "20" });
  const kinds = async (id: string) => (await db().select({ kind: activityLog.kind }).from(activityLog).where(eq(activityLog.subjectId, id))).map((row) => row.kind);

  it("lists events in date order: upcoming soonest first, then past ones newest first; archived only on the staff side", async () => {
    const publicTitles = (await listPublicEvents(db(), now)).map((event) => event.title);
    // 6 Jan 12:00 UTC: 'Order 5' (6 Jan 02:00) is over; 'Order 2' is archived.
    expect(publicTitles.slice(0, 6)).toEqual(["Order 6", "Order 7", "Order 8", "Order 9", "Order 10", "Order 11"]);
    expect(publicTitles.slice(6)).toEqual(["Order 5", "Order 4", "Order 3", "Order 1", "Order 0"]);
    const staffTitles = (await listManagedEvents(db(), now)).map((event) => event.title);
    expect(staffTitles).toEqual([...publicTitles.slice(0, 6), "Order 5", "Order 4", "Order 3", "Order 2", "Order 1", "Order 0"]);
  });

  it("pins a featured upcoming event first; a featured past event keeps its date's place", async () => {
    const late = await byTitle("Order 10");
    const over = await byTitle("Order 3");
    expect(await toggleFeatured(db(), admin, { id: late.id })).toMatchObject({ ok: true, message: eventToasts.featured });
    await toggleFeatured(db(), admin, { id: over.id });
    const titles = (await listPublicEvents(db(), now)).map((event) => event.title);
    expect(titles.slice(0, 3)).toEqual(["Order 10", "Order 6", "Order 7"]);
    expect(titles.slice(-4)).toEqual(["Order 4", "Order 3", "Order 1", "Order 0"]);
    // A 'Past Event' label makes an upcoming event past too, pinned or not.
    await db().update(events).set({ button: "past event" }).where(eq(events.id, late.id));
    expect((await listPublicEvents(db(), now)).map((event) => event.title).slice(0, 2)).toEqual(["Order 6", "Order 7"]);
    await db().update(events).set({ button: null, featured: false }).where(eq(events.id, late.id));
    await toggleFeatured(db(), admin, { id: over.id });
  });

  it("creates a draft that takes its place by date, never at the end of a list", async () => {
    // 6 January, 7 PM at the venue (7 Jan 03:00 UTC): between 'Order 6' and 'Order 7'.
    const created = await createEvent(db(), admin, form("Early Evening", "2030-01-06"));
    if (!created.ok) throw new Error(created.message);
    expect(created.event).toMatchObject({ status: "draft", featured: false });
    expect((await listPublicEvents(db(), now)).map((event) => event.id)).not.toContain(created.event.id);
    expect(await publishEvent(db(), admin, { id: created.event.id })).toMatchObject({ ok: true, message: eventToasts.published });
    const titles = (await listPublicEvents(db(), now)).map((event) => event.title);
    expect(titles.indexOf("Early Evening")).toBeLessThan(titles.indexOf("Order 7"));
    expect(titles.indexOf("Early Evening")).toBe(1);
  });

  it("moves through the lifecycle in plain steps, refusing the moves that make no sense, one log line per move", async () => {
    const created = await createEvent(db(), admin, form("Lifecycle Evening", "2030-02-01"));
    if (!created.ok) throw new Error(created.message);
    const id = created.event.id;
    const publicIds = async () => (await listPublicEvents(db(), now)).map((event) => event.id);

    expect(await unpublishEvent(db(), admin, { id })).toMatchObject({ ok: false, reason: "conflict", message: `${eventFailures.unpublish}: it is already a draft` });
    expect(await restoreEvent(db(), admin, { id })).toMatchObject({ ok: false, reason: "conflict" });
    expect(await publishEvent(db(), admin, { id })).toMatchObject({ ok: true, event: { status: "published" } });
    expect(await publicIds()).toContain(id);
    expect(await publishEvent(db(), admin, { id })).toMatchObject({ ok: false, reason: "conflict", message: `${eventFailures.publish}: it is already published` });
    // A published event cannot go for good in one click.
    expect(await deleteEventForGood(db(), admin, { id })).toMatchObject({ ok: false, reason: "conflict" });
    expect(await unpublishEvent(db(), admin, { id })).toMatchObject({ ok: true, message: eventToasts.unpublished, event: { status: "draft" } });
    expect(await publicIds()).not.toContain(id);
    expect(await publishEvent(db(), admin, { id })).toMatchObject({ ok: true });
    expect(await archiveEvent(db(), admin, { id })).toMatchObject({ ok: true, message: eventToasts.archived, event: { status: "archived" } });
    expect(await publicIds()).not.toContain(id);
    expect(await archiveEvent(db(), admin, { id })).toMatchObject({ ok: false, reason: "conflict" });
    // Archived: restore first, then publish (the 'Publish does not publish' trap cannot happen).
    expect(await publishEvent(db(), admin, { id })).toMatchObject({ ok: false, message: `${eventFailures.publish}: it is archived: restore it first` });
    expect(await restoreEvent(db(), admin, { id })).toMatchObject({ ok: true, message: eventToasts.restored, event: { status: "draft" } });
    expect(await publishEvent(db(), admin, { id })).toMatchObject({ ok: true });
    expect(await publicIds()).toContain(id);

    expect(await kinds(id)).toEqual(["event.created", "event.published", "event.unpublished", "event.published", "event.archived", "event.restored", "event.published"]);
    const [archived] = await db().select().from(activityLog).where(eq(activityLog.kind, "event.archived"));
    expect(archived).toMatchObject({ before: { status: "published" }, after: { status: "archived" } });
  });

  it("deletes a draft or archived event for good with its reservations", async () => {
    const created = await createEvent(db(), admin, form("Farewell Evening", "2030-03-01"));
    if (!created.ok) throw new Error(created.message);
    const id = created.event.id;
    await insertReservations(db(), [buildReservation(id, { seats: 2 }), buildReservation(id, { seats: 1 })]);
    await archiveEvent(db(), admin, { id });
    expect(await deleteEventForGood(db(), usher, { id })).toMatchObject({ ok: false, reason: "forbidden" });
    expect(await deleteEventForGood(db(), admin, { id })).toMatchObject({ ok: true, message: eventToasts.deletedForGood, reservationsDeleted: 2 });
    expect(await db().select().from(events).where(eq(events.id, id))).toEqual([]);
    expect(await db().select().from(reservations).where(eq(reservations.eventId, id))).toEqual([]);
    expect(await deleteEventForGood(db(), admin, { id })).toMatchObject({ ok: false, reason: "not-found" });

    const draft = await createEvent(db(), admin, form("Draft Farewell", "2030-03-02"));
    if (!draft.ok) throw new Error(draft.message);
    expect(await deleteEventForGood(db(), admin, { id: draft.event.id })).toMatchObject({ ok: true, reservationsDeleted: 0 });
  });

  it("duplicates an event for the date asked, as a draft with its own address, no guests, no pin, no placement", async () => {
    const original = await byTitle("Order 8");
    await db().update(events).set({ featured: true, placement: "vip", soldOut: true, button: "Past Event", maxSeats: 30 }).where(eq(events.id, original.id));
    await insertReservations(db(), [buildReservation(original.id, { seats: 3 })]);

    const missing = await duplicateEvent(db(), admin, { id: original.id, title: "Order 8", date: "", time: "" });
    expect(missing).toMatchObject({ ok: false, reason: "invalid" });
    if (missing.ok) throw new Error("refused expected");
    expect(Object.keys(missing.fieldErrors ?? {}).sort()).toEqual(["date", "time"]);
    // The same title at the same time is the original itself: refused, with the reason under the title.
    const same = instantToVenueDateTime(original.startsAt, siteConfig.venue.timeZone);
    expect(await duplicateEvent(db(), admin, { id: original.id, title: original.title, ...same })).toMatchObject({ ok: false, reason: "invalid", fieldErrors: { title: expect.any(String) } });

    const copy = await duplicateEvent(db(), admin, { id: original.id, title: original.title, date: "2030-01-07", time: "18:30" });
    if (!copy.ok) throw new Error(copy.message);
    expect(copy.message).toBe(eventToasts.duplicated("January 7th, 2030, 6:30 PM"));
    expect(copy.event).toMatchObject({
      title: "Order 8",
      status: "draft",
      featured: false,
      placement: null,
      soldOut: false,
      button: null,
      seatsTaken: 0,
      maxSeats: 30,
      description: original.description,
      location: original.location,
    });
    expect(copy.event.slug).not.toBe(original.slug);
    expect(instantToVenueDateTime(copy.event.startsAt, siteConfig.venue.timeZone)).toEqual({ date: "2030-01-07", time: "18:30" });
    expect(await db().select().from(reservations).where(eq(reservations.eventId, copy.event.id))).toEqual([]);
    // Published, it takes its place by its date, before the later original.
    await publishEvent(db(), admin, { id: copy.event.id });
    await db().update(events).set({ featured: false, placement: null, soldOut: false, button: null }).where(eq(events.id, original.id));
    const titles = (await listPublicEvents(db(), now)).map((event) => `${event.title}@${event.startsAt.toISOString()}`);
    expect(titles.indexOf(`Order 8@${copy.event.startsAt.toISOString()}`)).toBeLessThan(titles.indexOf(`Order 8@${original.startsAt.toISOString()}`));
    expect(await kinds(copy.event.id)).toEqual(["event.duplicated", "event.published"]);
  });

  it("refuses event staff every lifecycle move, the pin and the duplicate, and writes nothing for them", async () => {
    const before = (await db().select().from(activityLog)).length;
    const event = await byTitle("Order 9");
    for (const move of [publishEvent, unpublishEvent, archiveEvent, restoreEvent, deleteEventForGood, toggleFeatured]) {
      expect(await move(db(), usher, { id: event.id })).toMatchObject({ ok: false, reason: "forbidden" });
    }
    expect(await duplicateEvent(db(), usher, { id: event.id, title: "X", date: "2030-05-05", time: "19:00" })).toMatchObject({ ok: false, reason: "forbidden" });
    expect(await createEvent(db(), usher, form("Usher Evening", "2030-05-05"))).toMatchObject({ ok: false, reason: "forbidden" });
    expect(await loadEventManagement(db(), usher, {})).toMatchObject({ ok: false, reason: "forbidden" });
    expect((await db().select().from(activityLog)).length).toBe(before);
    expect((await byTitle("Order 9")).status).toBe("published");
  });

  it("shows drafts and published events by default, each state on its own, or all", async () => {
    const load = async (view?: "current" | "draft" | "published" | "archived" | "all") => {
      const page = await loadEventManagement(db(), admin, { view }, now);
      if (!page.ok) throw new Error(page.message);
      return page.events;
    };
    expect((await load()).every((event) => event.status !== "archived")).toBe(true);
    expect((await load("archived")).map((event) => event.title)).toEqual(["Order 2"]);
    expect((await load("draft")).every((event) => event.status === "draft")).toBe(true);
    expect((await load("all")).length).toBe((await db().select().from(events)).length);
  });

  it("counts the stats: each state, featured, upcoming and past by start time against now", async () => {
    const stats = await eventStats(db(), now);
    const rows = await db().select().from(events);
    expect(stats).toEqual({
      total: rows.length,
      published: rows.filter((row) => row.status === "published").length,
      draft: rows.filter((row) => row.status === "draft").length,
      archived: rows.filter((row) => row.status === "archived").length,
      featured: rows.filter((row) => row.featured).length,
      upcoming: rows.filter((row) => row.startsAt >= now).length,
      past: rows.filter((row) => row.startsAt < now).length,
    });
    expect(stats.archived).toBe(1);
    expect(stats.past).toBeGreaterThan(0);
  });

  it("offers at most 6 locations, the most used first", async () => {
    const locations = await mostUsedLocations(db());
    expect(locations.length).toBeLessThanOrEqual(6);
    expect(locations.slice(0, 2).sort()).toEqual(["La Jolla Shores", "Mount Soledad"]);
  });
});

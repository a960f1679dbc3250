import { and, asc, eq, gt, inArray, isNotNull, type SQLWrapper } from "drizzle-orm";
import { events, type EventRow } from "#db/schema";
import type { Database } from "#app/lib/db.server";

// What mailings (e-mail campaigns to guests, group texts) need to know about events, read here so
// that no other module reads the events table itself.

/** An event as a mailing names it and as the access policy scopes it. */
export type EventForMailing = Pick<EventRow, "id" | "slug" | "title" | "status" | "maxSeats">;

/** One event by id, or undefined (also for an id that is no UUID, which no event has). */
export async function findEventForMailing(db: Database, eventId: string): Promise<EventForMailing | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(eventId)) return undefined;
  const [event] = await db
    .select({ id: events.id, slug: events.slug, title: events.title, status: events.status, maxSeats: events.maxSeats })
    .from(events)
    .where(eq(events.id, eventId));
  return event;
}

/** The titles of some events, by id (one query; deleted events are missing). */
export async function eventTitlesById(db: Database, eventIds: readonly string[]): Promise<Map<string, string>> {
  if (eventIds.length === 0) return new Map();
  const found = await db
    .select({ id: events.id, title: events.title })
    .from(events)
    .where(inArray(events.id, [...eventIds]));
  return new Map(found.map((event) => [event.id, event.title]));
}

/** Every event that takes reservations on this site (max seats set), with what the policy scopes by. */
export async function eventsTakingReservations(db: Database): Promise<Pick<EventRow, "id" | "status" | "maxSeats">[]> {
  return db.select({ id: events.id, status: events.status, maxSeats: events.maxSeats }).from(events).where(isNotNull(events.maxSeats));
}

/**
 * Events starting after `since`, soonest first, at most `limit`, narrowed to the ids `among`
 * selects (a subquery of event ids another module offers, e.g. the events with guests).
 */
export async function eventsStartingAfter(
  db: Database,
  since: Date,
  options: { among: SQLWrapper; limit: number },
): Promise<Pick<EventRow, "id" | "title" | "startsAt">[]> {
  return db
    .select({ id: events.id, title: events.title, startsAt: events.startsAt })
    .from(events)
    .where(and(gt(events.startsAt, since), inArray(events.id, options.among)))
    .orderBy(asc(events.startsAt))
    .limit(options.limit);
}

import { eq, inArray, sql } from "drizzle-orm";
import { events } from "#db/schema";
import { idsPresentIn, insertRowsInBulk } from "#app/lib/bulk-insert.server";
import { queryRows, type Database } from "#app/lib/db.server";

/**
 * Events as the declared bulk loaders (the legacy import, the demo seed) write and read them
 * (docs/decisions/063): many at once, in the caller's transaction, without the activity log or
 * the checks of the event form (the loader has checked its rows already).
 */

export type EventBulkRow = typeof events.$inferInsert;

/** Writes events (one INSERT per 2,000; the array is emptied as it is written). */
export async function bulkInsertEvents(tx: Database, rows: EventBulkRow[]): Promise<void> {
  await insertRowsInBulk(tx, events, rows);
}

/** Sets the seat limit of events already here (one UPDATE each). */
export async function setEventSeatLimits(tx: Database, limits: readonly { id: string; maxSeats: number | null }[]): Promise<void> {
  for (const limit of limits) await tx.update(events).set({ maxSeats: limit.maxSeats }).where(eq(events.id, limit.id));
}

/** Adds one event unless it breaks a unique key (its slug); answers its id, or null when it was not added. */
export async function addEventIfNew(tx: Database, row: EventBulkRow): Promise<string | null> {
  const [created] = await tx.insert(events).values(row).onConflictDoNothing().returning({ id: events.id });
  return created?.id ?? null;
}

/** Which of `titles` are an event's title here. */
export async function eventTitlesPresent(db: Database, titles: string[]): Promise<Set<string>> {
  const present = await db.select({ title: events.title }).from(events).where(inArray(events.title, titles));
  return new Set(present.map((row) => row.title));
}

/** Every event's id, slug, start (as the database prints it) and seats. */
export async function listEventSeats(db: Database): Promise<{ id: string; slug: string; startsAt: string; maxSeats: number | null; seatsTaken: number }[]> {
  const rows = await queryRows<{ id: string; slug: string; starts_at: string; max_seats: number | null; seats_taken: number }>(
    db,
    sql`SELECT id::text AS id, slug, starts_at::text AS starts_at, max_seats, seats_taken FROM events`,
  );
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    startsAt: row.starts_at,
    maxSeats: row.max_seats === null ? null : Number(row.max_seats),
    seatsTaken: Number(row.seats_taken),
  }));
}

/** Which of `ids` are still events here. */
export async function eventIdsPresent(db: Database, ids: readonly string[]): Promise<Set<string>> {
  return idsPresentIn(db, events, ids);
}

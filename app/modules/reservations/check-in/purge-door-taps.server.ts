import { inArray, lt, sql } from "drizzle-orm";
import { doorTaps, events } from "#db/schema";
import type { Database } from "#app/lib/db.server";

/** How long the door's taps are kept after an event ends: enough to answer "who checked her in?", then gone (docs/decisions/067). */
export const DOOR_TAPS_KEPT_DAYS = 7;

/**
 * Deletes the door taps of events that ended (start plus duration) more than seven days before
 * `now`; answers how many. Read in the events table by this one subquery, as findDoorEvent does
 * (decision 064).
 */
export async function purgeDoorTaps(db: Database, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - DOOR_TAPS_KEPT_DAYS * 24 * 60 * 60 * 1000);
  const ended = db
    .select({ id: events.id })
    .from(events)
    .where(lt(sql`${events.startsAt} + make_interval(mins => ${events.durationMinutes})`, sql`${cutoff.toISOString()}::timestamptz`));
  const purged = await db.delete(doorTaps).where(inArray(doorTaps.eventId, ended)).returning({ id: doorTaps.id });
  return purged.length;
}

import { sql } from "drizzle-orm";
import { reservations } from "#db/schema";

/**
 * Who checked a guest in first, and when (`first_arrived_at`, `first_arrived_by`): SET clauses for
 * the conditional UPDATE that moves `arrived_seats`, so they change in the same statement. The
 * CASEs read the row as it was before the UPDATE.
 */

/**
 * An arriving tap at `at` by `by`: the first arrival when none had arrived, and also when this tap
 * was earlier than the stored one (two phones offline: who tapped first wins, whichever syncs first).
 */
export function firstArrivalSet(at: Date, by: string) {
  const instant = sql`${at.toISOString()}::timestamptz`;
  const replaces = sql`(${reservations.arrivedSeats} = 0 OR ${reservations.firstArrivedAt} IS NULL OR ${reservations.firstArrivedAt} > ${instant})`;
  return {
    firstArrivedAt: sql`CASE WHEN ${replaces} THEN ${instant} ELSE ${reservations.firstArrivedAt} END`,
    firstArrivedBy: sql`CASE WHEN ${replaces} THEN ${by}::text ELSE ${reservations.firstArrivedBy} END`,
  };
}

/** An undo: back to no seat arrived, nobody arrived first any more. */
export const firstArrivalCleared = {
  firstArrivedAt: sql`CASE WHEN ${reservations.arrivedSeats} = 1 THEN NULL ELSE ${reservations.firstArrivedAt} END`,
  firstArrivedBy: sql`CASE WHEN ${reservations.arrivedSeats} = 1 THEN NULL ELSE ${reservations.firstArrivedBy} END`,
};

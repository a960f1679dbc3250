import { sql } from "drizzle-orm";
import { reservations } from "#db/schema";
import { idsPresentIn, insertRowsInBulk } from "#app/lib/bulk-insert.server";
import type { Database } from "#app/lib/db.server";

/**
 * Reservations as the legacy import, a declared bulk loader, writes them (docs/decisions/063):
 * many at once, in the caller's transaction, then each event's seat counter counted again.
 */

export type ReservationBulkRow = typeof reservations.$inferInsert;

/** Rows per seat recount. */
const RECOUNT_BATCH = 1000;

/**
 * Writes reservations (one INSERT per 2,000; the array is emptied as it is written). The events'
 * seat counters are not touched: `recountSeatsTaken` them afterwards.
 */
export async function bulkInsertReservations(tx: Database, rows: ReservationBulkRow[]): Promise<void> {
  await insertRowsInBulk(tx, reservations, rows);
}

/**
 * Counts again the seats taken of the given events: reservations plus the seats held by open
 * offers (docs/decisions/018). An oversold event's limit rises to what is taken. One UPDATE per
 * 1,000 events.
 */
export async function recountSeatsTaken(tx: Database, eventIds: readonly string[]): Promise<void> {
  for (let start = 0; start < eventIds.length; start += RECOUNT_BATCH) {
    const ids = eventIds.slice(start, start + RECOUNT_BATCH);
    await tx.execute(sql`
      UPDATE events e SET
        seats_taken = counted.taken,
        max_seats = CASE WHEN e.max_seats IS NOT NULL AND counted.taken > e.max_seats THEN counted.taken ELSE e.max_seats END
      FROM (
        SELECT ev.id,
          (SELECT coalesce(sum(r.seats), 0) FROM reservations r WHERE r.event_id = ev.id)
          + (SELECT coalesce(sum(w.seats), 0) FROM waitlist_entries w WHERE w.event_id = ev.id AND w.status = 'offered') AS taken
        FROM events ev WHERE ev.id IN (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})
      ) counted
      WHERE e.id = counted.id`);
  }
}

/** Which of `ids` are still reservations here. */
export async function reservationIdsPresent(db: Database, ids: readonly string[]): Promise<Set<string>> {
  return idsPresentIn(db, reservations, ids);
}

import { reservations, type ReservationRow } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import { changeSeatsTaken } from "#app/modules/events/index.server";

export type NewReservation = typeof reservations.$inferInsert;

/**
 * Stores reservations made outside the visitor's form (demo content, tests) and counts their seats
 * on their events, in one transaction. Only reserveSeats and this raise `seats_taken`
 * (docs/decisions/018): an insert straight into `reservations` would leave the counter short and
 * let the event take more seats than it has. Over max_seats, the events' CHECK constraint refuses
 * the whole batch.
 */
export async function insertReservations(db: Database, rows: NewReservation[]): Promise<ReservationRow[]> {
  if (rows.length === 0) return [];
  return db.transaction(async (tx) => {
    const inserted = await tx.insert(reservations).values(rows).returning();
    const seatsByEvent = new Map<string, number>();
    for (const row of inserted) seatsByEvent.set(row.eventId, (seatsByEvent.get(row.eventId) ?? 0) + row.seats);
    for (const [eventId, seats] of seatsByEvent) {
      await changeSeatsTaken(tx, eventId, seats);
    }
    return inserted;
  });
}

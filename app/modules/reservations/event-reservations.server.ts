import { asc, count, eq, inArray } from "drizzle-orm";
import type { Database } from "#app/lib/db.server";
import type { EventDependents } from "#app/modules/events/index.server";
import { reservations, waitlistEntries } from "#db/schema";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * An event's reservations and waiting list as what goes with the event when it is deleted for
 * good (the events module's `EventDependents`; docs/decisions/064): this module deletes its own
 * rows, the events module its own. Guest links go with them (foreign keys).
 */
export const eventReservations: EventDependents = {
  /**
   * Locks the event's reservations before its row is locked (the order cancellations and the seat
   * triggers take them), among themselves in id order: a DELETE would lock them in the order it
   * finds them, while the outbox sender, minting guest links, locks them in id order
   * (mintGuestTokens). Taken in the same order, the two cannot deadlock.
   */
  async lock(tx, eventId) {
    // No event has another id: nothing to lock (and the caller's lookup answers not found).
    if (!UUID.test(eventId)) return;
    await tx.select({ id: reservations.id }).from(reservations).where(eq(reservations.eventId, eventId)).orderBy(reservations.id).for("update");
  },
  /** Removes the event's waiting list and reservations (after `lock` and the event's row lock); answers how many reservations went. */
  async remove(tx, eventId) {
    // The entries are locked in id order first, like the reservations.
    await tx.select({ id: waitlistEntries.id }).from(waitlistEntries).where(eq(waitlistEntries.eventId, eventId)).orderBy(waitlistEntries.id).for("update");
    await tx.delete(waitlistEntries).where(eq(waitlistEntries.eventId, eventId));
    const removed = await tx.delete(reservations).where(eq(reservations.eventId, eventId)).returning({ id: reservations.id });
    return removed.length;
  },
};

/** How many reservations each of these events has (events without any are left out). */
export async function countReservationsByEvent(db: Database, eventIds: readonly string[]): Promise<Map<string, number>> {
  const unique = [...new Set(eventIds)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ eventId: reservations.eventId, total: count() })
    .from(reservations)
    .where(inArray(reservations.eventId, unique))
    .groupBy(reservations.eventId);
  return new Map(rows.map((row) => [row.eventId, Number(row.total)]));
}

/** One guest of an event as other modules read them (the attendee mail, group texts). */
export interface EventGuest {
  reservationId: string;
  name: string;
  /** Null for a guest staff added without one. */
  email: string | null;
  phone: string | null;
  /** When they ticked the reservation form's SMS box, or null. */
  smsConsentAt: Date | null;
  seats: number;
  createdAt: Date;
}

/** An event's guests, in the order they reserved. */
export async function listGuestsOfEvent(db: Database, eventId: string): Promise<EventGuest[]> {
  return db
    .select({
      reservationId: reservations.id,
      name: reservations.visitorName,
      email: reservations.visitorEmail,
      phone: reservations.phone,
      smsConsentAt: reservations.smsConsentAt,
      seats: reservations.seats,
      createdAt: reservations.createdAt,
    })
    .from(reservations)
    .where(eq(reservations.eventId, eventId))
    .orderBy(asc(reservations.createdAt), asc(reservations.id));
}

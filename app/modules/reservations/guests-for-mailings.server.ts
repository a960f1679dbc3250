import { asc, eq } from "drizzle-orm";
import { reservations } from "#db/schema";
import type { Database } from "#app/lib/db.server";

// What mailings (the e-mail to an event's guests, a group text to them) read of reservations, so
// that no other module reads the reservations table itself.

/** How to reach a guest: the reservation's address (none for a walk-in added by hand), phone as typed, and name. */
export interface GuestContact {
  email: string | null;
  phone: string | null;
  name: string;
}

/** The reservation holders of one event, oldest reservation first (cancelled ones are gone). */
export async function eventGuestContacts(db: Database, eventId: string): Promise<GuestContact[]> {
  return db
    .select({ email: reservations.visitorEmail, phone: reservations.phone, name: reservations.visitorName })
    .from(reservations)
    .where(eq(reservations.eventId, eventId))
    .orderBy(asc(reservations.createdAt));
}

/** A subquery of the ids of the events that have at least one reservation (for `eventsStartingAfter`'s `among`). */
export function eventIdsWithGuests(db: Database) {
  return db.selectDistinct({ eventId: reservations.eventId }).from(reservations);
}

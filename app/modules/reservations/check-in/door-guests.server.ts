import { asc, eq, sql } from "drizzle-orm";
import { reservations, type EventRow } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import { can } from "#app/modules/access";
import { findEvent } from "#app/modules/events/index.server";
import { guestContributions } from "../contributions.server";
import { checkInMessages, checkInSchema, type CheckInGuest } from "./check-in";
import type { StaffActor } from "#app/modules/activity/index.server";
import type { Role } from "#app/modules/access";

export const doorRefusals = {
  notAllowed: "You may not check guests in.",
  outOfScope: "Event staff check guests in only at published events taking reservations.",
} as const;

export type DoorOpening = { ok: true; event: EventRow } | { ok: false; reason: "forbidden" | "not-found"; message: string };


/** Staff at the door: who acts, with the role the policy reads. */
export type CheckInActor = StaffActor & { role: Role };

/**
 * The one authorisation of the door, for the page and the phone's endpoints alike: the policy's
 * manage-reservations, asked again with the event (event staff: only events in their scope).
 */
export async function openDoor(db: Database, actor: CheckInActor, eventId: string): Promise<DoorOpening> {
  if (!can(actor, "manage-reservations")) return { ok: false, reason: "forbidden", message: doorRefusals.notAllowed };
  if (!checkInSchema.shape.eventId.safeParse(eventId).success) return { ok: false, reason: "not-found", message: checkInMessages.eventNotFound };
  const event = await findEvent(db, { eventId });
  if (!event) return { ok: false, reason: "not-found", message: checkInMessages.eventNotFound };
  if (!can(actor, "manage-reservations", { event })) return { ok: false, reason: "forbidden", message: doorRefusals.outOfScope };
  return { ok: true, event };
}

/** A guest of the door's list as the server reads them: what the page shows, with the ticket reference and the first arrival. */
export type DoorGuestRow = CheckInGuest & { ticketRef: string; firstArrivedAt: Date | null; firstArrivedBy: string | null };

/** Every reservation holder of an event by name, with what the door shows of each: the page's list and the phone's read this one query. */
export async function readDoorGuests(db: Database, eventId: string): Promise<DoorGuestRow[]> {
  const rows = await db
    .select({
      reservationId: reservations.id,
      name: reservations.visitorName,
      email: reservations.visitorEmail,
      phone: reservations.phone,
      seats: reservations.seats,
      arrivedSeats: reservations.arrivedSeats,
      ticketRef: reservations.ticketRef,
      firstArrivedAt: reservations.firstArrivedAt,
      firstArrivedBy: reservations.firstArrivedBy,
      donation: reservations.donation,
    })
    .from(reservations)
    .where(eq(reservations.eventId, eventId))
    .orderBy(asc(sql`lower(${reservations.visitorName})`), asc(reservations.createdAt), asc(reservations.id));
  const states = await guestContributions(db, rows.map((row) => ({ id: row.reservationId, seats: row.seats, donation: row.donation })));
  return rows.map(({ donation: _donation, ...guest }) => {
    const { paymentId: _paymentId, ...contribution } = states.get(guest.reservationId)!;
    return { ...guest, contribution };
  });
}

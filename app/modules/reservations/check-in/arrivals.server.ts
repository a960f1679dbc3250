import { and, asc, eq, gt, lt, sql } from "drizzle-orm";
import { reservations } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import { findEvent } from "#app/modules/events/index.server";
import { firstErrorPerField } from "#app/lib/form-errors";
import { logFailure } from "#app/lib/log.server";
import { recordActivity, type StaffActor } from "#app/modules/activity/index.server";
import { can } from "#app/modules/access";
import { guestContributions } from "../contributions.server";
import type { Role } from "#app/modules/access";
import {
  arrivalMessage,
  arrivedAfter,
  checkInMessages,
  checkInSchema,
  unchangedMessage,
  type CheckInGuest,
  type CheckInIntent,
} from "./check-in";

/** Staff at the door: who acts, with the role the policy reads. */
export type CheckInActor = StaffActor & { role: Role };

export type CheckInFailureReason = "forbidden" | "invalid" | "not-found" | "unchanged" | "failed";

export type CheckInOutcome =
  | { ok: true; message: string; reservationId: string; arrivedSeats: number; seats: number }
  | { ok: false; reason: CheckInFailureReason; message: string; fieldErrors?: Record<string, string> };

const refusal = "You may not check guests in.";
const outOfScope = "Event staff check guests in only at published events taking reservations.";

/**
 * One tap at the door, in one transaction with its activity-log line (docs/decisions/029). The
 * reservation's row is locked, then `arrived_seats` is changed relative to its stored value by a
 * conditional UPDATE, so taps from several devices queue on the row and each one counts: none is
 * lost below the reservation's seats and none goes past them (the CHECK constraint refuses it too).
 * Event staff tap only at events in their scope (the policy, asked with the event).
 */
export async function tapArrival(db: Database, actor: CheckInActor, input: unknown, allowed: readonly CheckInIntent[]): Promise<CheckInOutcome> {
  if (!can(actor, "manage-reservations")) return { ok: false, reason: "forbidden", message: refusal };
  const parsed = checkInSchema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors = firstErrorPerField(parsed.error.issues);
    // An unknown tap is a bad request; an id that cannot name a row names nothing there is.
    if (fieldErrors.intent) return { ok: false, reason: "invalid", message: fieldErrors.intent, fieldErrors };
    return { ok: false, reason: "not-found", message: fieldErrors.eventId ?? fieldErrors.reservationId ?? checkInMessages.guestNotFound, fieldErrors };
  }
  const { eventId, reservationId, intent } = parsed.data;
  if (!allowed.includes(intent)) return { ok: false, reason: "invalid", message: checkInMessages.unknownAction };
  try {
    return await db.transaction(async (tx): Promise<CheckInOutcome> => {
      const [guest] = await tx
        .select({ eventId: reservations.eventId, name: reservations.visitorName, email: reservations.visitorEmail, seats: reservations.seats, arrivedSeats: reservations.arrivedSeats })
        .from(reservations)
        .where(eq(reservations.id, reservationId))
        .for("no key update");
      if (!guest || guest.eventId !== eventId) return { ok: false, reason: "not-found", message: checkInMessages.guestNotFound };
      const event = await findEvent(tx, { eventId });
      if (!event) return { ok: false, reason: "not-found", message: checkInMessages.eventNotFound };
      if (!can(actor, "manage-reservations", { event })) return { ok: false, reason: "forbidden", message: outOfScope };
      if (arrivedAfter(intent, guest.arrivedSeats, guest.seats) === null) {
        return { ok: false, reason: "unchanged", message: unchangedMessage(intent, guest.name, guest.seats) };
      }
      const change =
        intent === "undo"
          ? { set: sql`${reservations.arrivedSeats} - 1`, when: gt(reservations.arrivedSeats, 0) }
          : { set: intent === "arrive-all" ? sql`${reservations.seats}` : sql`${reservations.arrivedSeats} + 1`, when: lt(reservations.arrivedSeats, reservations.seats) };
      // The first arrival ("Already checked in at 7:02 PM by …" on the scanner): kept from the
      // first seat in, forgotten when undo takes the last one back out.
      const firstArrival =
        intent === "undo"
          ? {
              firstArrivedAt: sql`case when ${reservations.arrivedSeats} <= 1 then null else ${reservations.firstArrivedAt} end`,
              firstArrivedBy: sql`case when ${reservations.arrivedSeats} <= 1 then null else ${reservations.firstArrivedBy} end`,
            }
          : { firstArrivedAt: sql`coalesce(${reservations.firstArrivedAt}, now())`, firstArrivedBy: sql`coalesce(${reservations.firstArrivedBy}, ${actor.email})` };
      const [after] = await tx
        .update(reservations)
        .set({ arrivedSeats: change.set, ...firstArrival })
        .where(and(eq(reservations.id, reservationId), change.when))
        .returning({ arrivedSeats: reservations.arrivedSeats, seats: reservations.seats });
      if (!after) return { ok: false, reason: "unchanged", message: unchangedMessage(intent, guest.name, guest.seats) };
      await recordActivity(tx, actor, {
        kind: intent === "undo" ? "reservation.check-in-undone" : "reservation.checked-in",
        subjectType: "reservation",
        subjectId: reservationId,
        subjectLabel: `${guest.name} <${guest.email}> · ${event.title}`,
        before: { arrivedSeats: guest.arrivedSeats },
        after: { arrivedSeats: after.arrivedSeats },
      });
      return { ok: true, message: arrivalMessage(guest.name, after.arrivedSeats, after.seats), reservationId, ...after };
    });
  } catch (error) {
    logFailure("reservations", "saving a check-in", error);
    return { ok: false, reason: "failed", message: checkInMessages.couldNotSave };
  }
}

export interface CheckInEvent {
  id: string;
  title: string;
  startsAt: Date;
  location: string | null;
}

/**
 * A guest as the door's list has them on the server: with the ticket reference (the caller signs
 * it into the code's hash; the reference itself stays on the server) and the first arrival.
 */
export type CheckInListGuest = CheckInGuest & { ticketRef: string; firstArrival: { at: Date; by: string } | null };

export type CheckInListOutcome =
  | { ok: true; event: CheckInEvent; guests: CheckInListGuest[] }
  | { ok: false; reason: "forbidden" | "not-found"; message: string };

/** The door's list: the event and every reservation holder, by name (event staff: of an event in their scope). */
export async function loadCheckIn(db: Database, actor: CheckInActor, eventId: string): Promise<CheckInListOutcome> {
  if (!can(actor, "manage-reservations")) return { ok: false, reason: "forbidden", message: refusal };
  if (!checkInSchema.shape.eventId.safeParse(eventId).success) return { ok: false, reason: "not-found", message: checkInMessages.eventNotFound };
  const found = await findEvent(db, { eventId });
  if (!found) return { ok: false, reason: "not-found", message: checkInMessages.eventNotFound };
  const event: CheckInEvent = { id: found.id, title: found.title, startsAt: found.startsAt, location: found.location };
  if (!can(actor, "manage-reservations", { event: { status: found.status, maxSeats: found.maxSeats } })) return { ok: false, reason: "forbidden", message: outOfScope };
  const rows = await db
    .select({
      reservationId: reservations.id,
      name: reservations.visitorName,
      email: reservations.visitorEmail,
      phone: reservations.phone,
      seats: reservations.seats,
      arrivedSeats: reservations.arrivedSeats,
      donation: reservations.donation,
      ticketRef: reservations.ticketRef,
      firstArrivedAt: reservations.firstArrivedAt,
      firstArrivedBy: reservations.firstArrivedBy,
    })
    .from(reservations)
    .where(eq(reservations.eventId, eventId))
    .orderBy(asc(sql`lower(${reservations.visitorName})`), asc(reservations.createdAt), asc(reservations.id));
  const states = await guestContributions(db, rows.map((row) => ({ id: row.reservationId, seats: row.seats, donation: row.donation })));
  const guests = rows.map(({ donation: _donation, firstArrivedAt, firstArrivedBy, ...guest }): CheckInListGuest => {
    const { paymentId: _paymentId, ...contribution } = states.get(guest.reservationId)!;
    const firstArrival = firstArrivedAt && firstArrivedBy ? { at: firstArrivedAt, by: firstArrivedBy } : null;
    return { ...guest, firstArrival, contribution };
  });
  return { ok: true, event, guests };
}

import { and, eq, gt, lt, sql } from "drizzle-orm";
import { reservations } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import { findEvent } from "#app/modules/events/index.server";
import { firstErrorPerField } from "#app/lib/form-errors";
import { logFailure } from "#app/lib/log.server";
import { recordActivity } from "#app/modules/activity/index.server";
import { can } from "#app/modules/access";
import { doorRefusals, openDoor, readDoorGuests, type CheckInActor } from "./door-guests.server";
import { firstArrivalCleared, firstArrivalSet } from "./first-arrival.server";
import { ticketView } from "../tickets/ticket-image.server";
import type { TicketView } from "../tickets/ticket-qr";
import {
  arrivalMessage,
  arrivedAfter,
  checkInMessages,
  checkInSchema,
  unchangedMessage,
  type CheckInGuest,
  type CheckInIntent,
} from "./check-in";

export type { CheckInActor };

export type CheckInFailureReason = "forbidden" | "invalid" | "not-found" | "unchanged" | "failed";

export type CheckInOutcome =
  | { ok: true; message: string; reservationId: string; arrivedSeats: number; seats: number }
  | { ok: false; reason: CheckInFailureReason; message: string; fieldErrors?: Record<string, string> };

const { notAllowed: refusal, outOfScope } = doorRefusals;

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
      // The first arrival (who, when) is set as the first seat arrives and cleared when the last is undone, as the door phones' sync does.
      const change =
        intent === "undo"
          ? { set: { arrivedSeats: sql`${reservations.arrivedSeats} - 1`, ...firstArrivalCleared }, when: gt(reservations.arrivedSeats, 0) }
          : {
              set: { arrivedSeats: intent === "arrive-all" ? sql`${reservations.seats}` : sql`${reservations.arrivedSeats} + 1`, ...firstArrivalSet(new Date(), actor.email) },
              when: lt(reservations.arrivedSeats, reservations.seats),
            };
      const [after] = await tx
        .update(reservations)
        .set(change.set)
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

export type CheckInListOutcome =
  /** `tickets`: each guest's ticket by reservation id, for the printed list; empty unless asked for. */
  | { ok: true; event: CheckInEvent; guests: CheckInGuest[]; tickets: Record<string, TicketView> }
  | { ok: false; reason: "forbidden" | "not-found"; message: string };

/**
 * The door's list: the event and every reservation holder, by name (event staff: of an event in
 * their scope). With `ticketSecret` (the server's signing secret) also every guest's ticket code
 * and QR code, for the printed list: only after the policy has let the actor manage this event.
 */
export async function loadCheckIn(db: Database, actor: CheckInActor, eventId: string, options: { ticketSecret?: string } = {}): Promise<CheckInListOutcome> {
  const opened = await openDoor(db, actor, eventId);
  if (!opened.ok) return opened;
  const { id, title, startsAt, location } = opened.event;
  const rows = await readDoorGuests(db, eventId);
  const guests = rows.map(({ ticketRef: _ref, firstArrivedAt: _at, firstArrivedBy: _by, ...guest }): CheckInGuest => guest);
  const { ticketSecret } = options;
  const tickets = ticketSecret ? Object.fromEntries(rows.map((row) => [row.reservationId, ticketView(ticketSecret, row.ticketRef)])) : {};
  return { ok: true, event: { id, title, startsAt, location }, guests, tickets };
}

import { reservations } from "#db/schema";
import { normaliseEmailAddress } from "#app/lib/email-address";
import type { Database } from "#app/lib/db.server";
import { firstErrorPerField } from "#app/lib/form-errors";
import { logFailure } from "#app/lib/log.server";
import { recordActivity } from "#app/modules/activity/index.server";
import { can } from "#app/modules/access";
import type { OutboxWake } from "#app/modules/messaging/index.server";
import { normaliseAddress } from "#app/modules/security";
import { addGuestSchema, isTicked, guestFormMessages as messages, guestRefusal as refused, typedGuestValues, type GuestOutcome } from "./guest-form";
import { queueReservationConfirmation } from "./reservation-confirmation.server";
import type { ReservationsActor } from "./staff-outcome.server";
import { lockEvent, takeSeatsWithinMax } from "#app/modules/events/index.server";

/** Thrown inside the transaction to roll it back and answer with the refusal. */
class Refused extends Error {
  constructor(readonly outcome: Extract<GuestOutcome, { ok: false }>) {
    super("refused");
  }
}

/**
 * Staff add a guest by hand (docs/decisions/043): a phone booking from the reservations page, or a
 * walk-in at check-in, whose seats arrive as the guest is added. The same seat rule as every
 * reservation: under the event's row lock the seats must fit in `max_seats - seats_taken`, and the
 * counter is raised by the same conditional UPDATE reserveSeats uses (the CHECK constraint refuses
 * an oversold event whatever happens). Unlike the public form, staff may add a guest to an event
 * that has begun, is private or marked full (the door lets people in), and the 10-seats-per-address
 * cap does not apply (it guards the public form against one address filling an event). The
 * confirmation e-mail goes only when asked for and an address was given; the activity log line
 * is written in the same transaction.
 */
export async function addGuest(db: Database, actor: ReservationsActor, input: Record<string, unknown>, wake: OutboxWake): Promise<GuestOutcome> {
  const values = typedGuestValues(input);
  if (!can(actor, "manage-reservations")) return refused("forbidden", messages.notAllowed);
  const parsed = addGuestSchema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors = firstErrorPerField(parsed.error.issues);
    if (fieldErrors.eventId) return refused("not-found", messages.eventGone);
    return refused("invalid", Object.values(fieldErrors)[0]!, { fieldErrors, values });
  }
  const guest = { ...parsed.data, walkIn: isTicked(parsed.data.walkIn), sendConfirmation: isTicked(parsed.data.sendConfirmation) };
  let messageId: string | undefined;
  try {
    const outcome = await db.transaction(async (tx) => {
      const event = await lockEvent(tx, guest.eventId);
      if (!event) throw new Refused(refused("not-found", messages.eventGone));
      if (!can(actor, "manage-reservations", { event })) throw new Refused(refused("forbidden", messages.notAllowed));
      if (event.maxSeats === null) throw new Refused(refused("invalid", messages.notTakingReservations, { values }));
      const left = event.maxSeats - event.seatsTaken;
      if (guest.seats > left) throw new Refused(refused("invalid", messages.seatsLeft(left), { fieldErrors: { seats: messages.seatsLeft(left) }, values }));

      const [reservation] = await tx
        .insert(reservations)
        .values({
          eventId: event.id,
          visitorName: guest.name,
          visitorEmail: guest.email ? normaliseEmailAddress(guest.email) : null,
          visitorEmailKey: guest.email ? normaliseAddress(guest.email) : null,
          phone: guest.phone ?? null,
          seats: guest.seats,
          arrivedSeats: guest.walkIn ? guest.seats : 0,
        })
        .returning();
      if (!reservation) throw new Error("the insert returned no row");
      // The event's row is locked already; the condition keeps the counter's rule in one statement all the same.
      if (!(await takeSeatsWithinMax(tx, event.id, guest.seats))) throw new Refused(refused("invalid", messages.seatsLeft(left), { fieldErrors: { seats: messages.seatsLeft(left) }, values }));

      await recordActivity(tx, actor, {
        kind: "reservation.added",
        subjectType: "reservation",
        subjectId: reservation.id,
        subjectLabel: `${guest.name}${guest.email ? ` <${guest.email}>` : ""} · ${event.title}`,
        after: { name: guest.name, email: guest.email ?? null, phone: guest.phone ?? null, seats: guest.seats, arrivedSeats: reservation.arrivedSeats, walkIn: guest.walkIn },
      });
      const confirm = guest.sendConfirmation && reservation.visitorEmail;
      if (confirm) {
        const queued = await queueReservationConfirmation(tx, { ...reservation, visitorEmail: reservation.visitorEmail! }, event);
        if (queued.created) messageId = queued.id;
      }
      const message = guest.walkIn ? messages.walkInAdded(guest.name, guest.seats) : messages.added(guest.name, guest.seats);
      return { ok: true as const, message: confirm ? `${message}${messages.confirmationQueued}` : message, reservationId: reservation.id };
    });
    if (messageId) await wake(messageId);
    return outcome;
  } catch (error) {
    if (error instanceof Refused) return error.outcome;
    logFailure("reservations", "adding a guest by hand", error);
    return refused("failed", messages.couldNotSave, { values });
  }
}

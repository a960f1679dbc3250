import { eq } from "drizzle-orm";
import { reservations, type WaitlistEntryRow } from "#db/schema";
import { normaliseEmailAddress } from "#app/lib/email-address";
import type { Database } from "#app/lib/db.server";
import { firstErrorPerField } from "#app/lib/form-errors";
import { logFailure } from "#app/lib/log.server";
import { recordActivity } from "#app/modules/activity/index.server";
import { can } from "#app/modules/access";
import { normaliseAddress } from "#app/modules/security";
import { editGuestSchema, guestFormMessages as messages, guestRefusal as refused, typedGuestValues, type GuestOutcome } from "./guest-form";
import type { ReservationsActor } from "./staff-outcome.server";
import { announceOffers, makeOffers, type OfferSettings } from "./waiting-list/waiting-list.server";
import type { OutboxWake } from "#app/modules/messaging/index.server";
import { lockEvent } from "#app/modules/events/index.server";

class Refused extends Error {
  constructor(readonly outcome: Extract<GuestOutcome, { ok: false }>) {
    super("refused");
  }
}

/**
 * Staff fix a guest's name, e-mail, phone or seats (docs/decisions/043). Locks the reservation's
 * row, then the event's (the order every seat write uses). Seats never go below the seats already
 * marked arrived, and more seats must fit in what the event has left: the seat counter follows
 * the edit through its trigger (decision 018) and its CHECK refuses an oversold event whatever
 * happens. Seats given back are offered to the waiting list in the same transaction, as a
 * deletion's are. Only what changed is written to the activity log; nothing changed, nothing written.
 */
export async function editGuest(db: Database, actor: ReservationsActor, input: Record<string, unknown>, settings: OfferSettings, wake: OutboxWake): Promise<GuestOutcome> {
  const values = typedGuestValues(input);
  if (!can(actor, "manage-reservations")) return refused("forbidden", messages.notAllowed);
  const parsed = editGuestSchema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors = firstErrorPerField(parsed.error.issues);
    if (fieldErrors.reservationId || fieldErrors.eventId) return refused("not-found", messages.guestGone);
    return refused("invalid", Object.values(fieldErrors)[0]!, { fieldErrors, values });
  }
  const guest = parsed.data;
  try {
    const outcome = await db.transaction(async (tx) => {
      const [reservation] = await tx.select().from(reservations).where(eq(reservations.id, guest.reservationId)).for("update");
      if (!reservation || (guest.eventId && guest.eventId !== reservation.eventId)) throw new Refused(refused("not-found", messages.guestGone));
      const event = await lockEvent(tx, reservation.eventId);
      if (!event) throw new Refused(refused("not-found", messages.eventGone));
      if (!can(actor, "manage-reservations", { event })) throw new Refused(refused("forbidden", messages.notAllowed));
      if (guest.seats < reservation.arrivedSeats) {
        const why = messages.belowArrived(reservation.arrivedSeats);
        throw new Refused(refused("invalid", why, { fieldErrors: { seats: why }, values }));
      }
      const more = guest.seats - reservation.seats;
      if (more > 0) {
        const left = event.maxSeats === null ? 0 : event.maxSeats - event.seatsTaken;
        const why = event.maxSeats === null ? messages.notTakingReservations : messages.seatsLeft(left);
        if (event.maxSeats === null || more > left) throw new Refused(refused("invalid", why, { fieldErrors: { seats: why }, values }));
      }

      const before = { name: reservation.visitorName, email: reservation.visitorEmail, phone: reservation.phone, seats: reservation.seats };
      const after = { name: guest.name, email: guest.email ? normaliseEmailAddress(guest.email) : null, phone: guest.phone ?? null, seats: guest.seats };
      const changed = (Object.keys(after) as (keyof typeof after)[]).filter((key) => before[key] !== after[key]);
      if (changed.length === 0) return { ok: true as const, message: messages.unchanged, reservationId: reservation.id, offers: [] as WaitlistEntryRow[] };

      await tx
        .update(reservations)
        .set({
          visitorName: after.name,
          visitorEmail: after.email,
          visitorEmailKey: after.email ? normaliseAddress(after.email) : null,
          phone: after.phone,
          seats: after.seats,
        })
        .where(eq(reservations.id, reservation.id));
      const offers = more < 0 ? await makeOffers(tx, event.id, settings) : [];
      await recordActivity(tx, actor, {
        kind: "reservation.edited",
        subjectType: "reservation",
        subjectId: reservation.id,
        subjectLabel: `${after.name}${after.email ? ` <${after.email}>` : ""} · ${event.title}`,
        before: Object.fromEntries(changed.map((key) => [key, before[key]])),
        after: Object.fromEntries(changed.map((key) => [key, after[key]])),
      });
      return { ok: true as const, message: messages.edited(after.name), reservationId: reservation.id, offers };
    });
    await announceOffers(outcome.offers, wake);
    return { ok: true, message: outcome.message, reservationId: outcome.reservationId };
  } catch (error) {
    if (error instanceof Refused) return error.outcome;
    logFailure("reservations", "editing a guest", error);
    return refused("failed", messages.couldNotSave, { values });
  }
}

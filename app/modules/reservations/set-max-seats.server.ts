import type { Database } from "#app/lib/db.server";
import { firstErrorPerField } from "#app/lib/form-errors";
import { recordActivity } from "#app/modules/activity/index.server";
import { maxSeatsSchema } from "#app/modules/events";
import { can } from "#app/modules/access";
import type { WaitlistEntryRow } from "#db/schema";
import { failedWith, reservationsAdminMessages as messages } from "./reservations-admin-messages";
import { refused, type ReservationsActor, type ReservationsAdminOutcome } from "./staff-outcome.server";
import { announceOffers, makeOffers, type OfferSettings } from "./waiting-list/waiting-list.server";
import type { OutboxWake } from "#app/modules/messaging/index.server";
import { lockEvent, setEventMaxSeats } from "#app/modules/events/index.server";

/**
 * Staff change an event's max seats from its row. Refused below the seats already taken (held
 * waiting-list offers count: they are in `seats_taken`), checked under the event's row lock so a
 * reservation arriving meanwhile cannot slip under it; the CHECK constraint backs it. Seats a
 * raise frees go to the waiting list in the same transaction.
 */
export async function setMaxSeats(
  db: Database,
  actor: ReservationsActor,
  input: { eventId: string; maxSeats: unknown },
  settings: OfferSettings,
  wake: OutboxWake,
): Promise<ReservationsAdminOutcome<{ maxSeats: number }>> {
  const failed = messages.seatsFailed;
  if (!can(actor, "change-seat-limits")) return refused("forbidden", failedWith(failed, messages.seatLimitsNotAllowed));
  const values = { maxSeats: typeof input.maxSeats === "string" ? input.maxSeats : "" };
  const parsed = maxSeatsSchema.safeParse(values);
  if (!parsed.success) {
    const fieldErrors = firstErrorPerField(parsed.error.issues);
    return refused("invalid", failedWith(failed, fieldErrors.maxSeats), { fieldErrors, values });
  }
  const maxSeats = parsed.data.maxSeats;
  const outcome = await db.transaction(async (tx) => {
    const before = await lockEvent(tx, input.eventId);
    if (!before) return refused("not-found", failedWith(failed, messages.eventGone));
    if (!can(actor, "change-seat-limits", { event: before })) return refused("forbidden", failedWith(failed, messages.notTakingReservations));
    if (maxSeats < before.seatsTaken) {
      const reason = messages.seatsBelowTaken(before.seatsTaken);
      return refused("invalid", failedWith(failed, reason), { fieldErrors: { maxSeats: reason }, values });
    }
    if (before.maxSeats === maxSeats) return { ok: true as const, message: messages.seatsSaved(maxSeats), maxSeats, offers: [] as WaitlistEntryRow[] };
    await setEventMaxSeats(tx, before.id, maxSeats);
    await recordActivity(tx, actor, {
      kind: "event.seats-changed",
      subjectType: "event",
      subjectId: before.id,
      subjectLabel: before.title,
      before: { maxSeats: before.maxSeats },
      after: { maxSeats },
    });
    const offers = await makeOffers(tx, before.id, settings);
    return { ok: true as const, message: messages.seatsSaved(maxSeats), maxSeats, offers };
  });
  if (!outcome.ok) return outcome;
  await announceOffers(outcome.offers, wake);
  return { ok: true, message: outcome.message, maxSeats: outcome.maxSeats };
}

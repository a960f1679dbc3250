import { eq } from "drizzle-orm";
import type { Database } from "#app/lib/db.server";
import { recordActivity } from "#app/modules/activity/index.server";
import { can } from "#app/modules/access";
import { reservations, type WaitlistEntryRow } from "#db/schema";
import { failedWith, reservationsAdminMessages as messages } from "./reservations-admin-messages";
import { refused, type ReservationsActor, type ReservationsAdminOutcome } from "./staff-outcome.server";
import { announceOffers, makeOffers, type OfferSettings } from "./waiting-list/waiting-list.server";
import type { OutboxWake } from "#app/modules/messaging/index.server";
import { lockEvent } from "#app/modules/events/index.server";

/**
 * Staff delete one reservation. Its seats return at once (the seat counter's trigger, decision
 * 018), and in the same transaction they are offered to the waiting list (027), so nobody takes
 * them in between. Locks the reservation's row, then the event's: the order every seat write uses.
 * Event staff delete only on events in their scope (the policy, asked with the event).
 */
export async function deleteReservation(
  db: Database,
  actor: ReservationsActor,
  input: { reservationId: string },
  settings: OfferSettings,
  wake: OutboxWake,
): Promise<ReservationsAdminOutcome<{ seats: number }>> {
  const failed = messages.deleteReservationFailed;
  if (!can(actor, "manage-reservations")) return refused("forbidden", failedWith(failed, messages.notAllowed));
  const outcome = await db.transaction(async (tx) => {
    const [reservation] = await tx.select().from(reservations).where(eq(reservations.id, input.reservationId)).for("update");
    if (!reservation) return refused("not-found", failedWith(failed, messages.reservationGone));
    const event = await lockEvent(tx, reservation.eventId);
    if (!event) return refused("not-found", failedWith(failed, messages.eventGone));
    if (!can(actor, "manage-reservations", { event })) return refused("forbidden", failedWith(failed, messages.notInScope));
    await tx.delete(reservations).where(eq(reservations.id, reservation.id));
    const offers: WaitlistEntryRow[] = await makeOffers(tx, reservation.eventId, settings);
    await recordActivity(tx, actor, {
      kind: "reservation.deleted",
      subjectType: "reservation",
      subjectId: reservation.id,
      subjectLabel: `${reservation.visitorEmail} · ${event.title}`,
      before: { name: reservation.visitorName, email: reservation.visitorEmail, seats: reservation.seats, eventId: reservation.eventId },
    });
    return { ok: true as const, message: messages.reservationDeleted, seats: reservation.seats, offers };
  });
  if (!outcome.ok) return outcome;
  await announceOffers(outcome.offers, wake);
  return { ok: true, message: outcome.message, seats: outcome.seats };
}

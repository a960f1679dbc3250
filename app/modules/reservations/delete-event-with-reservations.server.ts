import type { Database } from "#app/lib/db.server";
import { removeEventForGood } from "#app/modules/events/index.server";
import { can } from "#app/modules/access";
import { failedWith, reservationsAdminMessages as messages } from "./reservations-admin-messages";
import { eventReservations } from "./event-reservations.server";
import { refused, type ReservationsActor, type ReservationsAdminOutcome } from "./staff-outcome.server";
import { lockEvent } from "#app/modules/events/index.server";

/**
 * The reservations page deletes an event together with its reservations (the spec's 'delete
 * events and their reservations'), after a dialog naming how many. Its waiting list and guest
 * links go with it (foreign keys). The activity log keeps the event's fields and the number of
 * reservations removed.
 */
export async function deleteEventWithReservations(
  db: Database,
  actor: ReservationsActor,
  input: { eventId: string },
): Promise<ReservationsAdminOutcome<{ reservationsDeleted: number }>> {
  const failed = messages.deleteEventFailed;
  // Removes what the events page publishes (drafts and ticket-link events too): admins only.
  if (!can(actor, "delete-events")) return refused("forbidden", failedWith(failed, messages.deleteNotAllowed));
  return db.transaction(async (tx) => {
    await eventReservations.lock(tx, input.eventId);
    const event = await lockEvent(tx, input.eventId);
    if (!event) return refused("not-found", failedWith(failed, messages.eventGone));
    const reservationsDeleted = await removeEventForGood(tx, actor, event, eventReservations);
    return { ok: true as const, message: messages.eventDeleted(reservationsDeleted), reservationsDeleted };
  });
}

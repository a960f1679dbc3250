import type { Database } from "#app/lib/db.server";
import { lockEvent, setEventReminders } from "#app/modules/events/index.server";
import { can } from "#app/modules/access";
import { recordActivity } from "#app/modules/activity/index.server";
import { reservationsAdminMessages as messages } from "./reservations-admin-messages";
import type { ReservationsActor } from "./staff-outcome.server";

export type SetRemindersOutcome = { ok: true } | { ok: false; reason: "not-found" | "forbidden"; message: string };

/**
 * Staff switch an event's reminder e-mails on or off, for an event the policy lets them manage
 * reservations of (event staff: a published one taking reservations); the activity log records
 * it in the same transaction.
 */
export async function setRemindersEnabled(db: Database, actor: ReservationsActor, eventId: string, enabled: boolean): Promise<SetRemindersOutcome> {
  if (!can(actor, "manage-reservations")) return { ok: false, reason: "forbidden", message: messages.notAllowed };
  return db.transaction(async (tx) => {
    const before = await lockEvent(tx, eventId);
    if (!before) return { ok: false, reason: "not-found", message: "Event not found." };
    if (!can(actor, "manage-reservations", { event: before })) return { ok: false, reason: "forbidden", message: messages.notInScope };
    if (before.remindersEnabled === enabled) return { ok: true };
    await setEventReminders(tx, eventId, enabled);
    await recordActivity(tx, actor, {
      kind: "event.reminders-changed",
      subjectType: "event",
      subjectId: eventId,
      subjectLabel: before.title,
      before: { remindersEnabled: before.remindersEnabled },
      after: { remindersEnabled: enabled },
    });
    return { ok: true };
  });
}

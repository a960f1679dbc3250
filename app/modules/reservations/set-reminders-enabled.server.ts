import { eq } from "drizzle-orm";
import { events } from "../../../db/schema";
import type { Database } from "~/lib/db.server";
import { recordActivity, type StaffActor } from "../activity/record-activity.server";

export type SetRemindersOutcome = { ok: true } | { ok: false; reason: "not-found"; message: string };

/** Staff switch an event's reminder e-mails on or off; the activity log records it in the same transaction. */
export async function setRemindersEnabled(db: Database, actor: StaffActor, eventId: string, enabled: boolean): Promise<SetRemindersOutcome> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(events).where(eq(events.id, eventId)).for("no key update");
    if (!before) return { ok: false, reason: "not-found", message: "Event not found." };
    if (before.remindersEnabled === enabled) return { ok: true };
    await tx.update(events).set({ remindersEnabled: enabled, updatedAt: new Date() }).where(eq(events.id, eventId));
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

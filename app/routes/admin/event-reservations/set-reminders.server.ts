import { z } from "zod";
import { refusalStatus } from "#app/lib/outcome";
import { failedWith, reservationsAdminMessages as messages } from "#app/modules/reservations";
import { setRemindersEnabled } from "#app/modules/reservations/index.server";
import { defineIntent, formText } from "#app/routes/intents.server";
import { intentFailed } from "./answers.server";

/** `set-reminders`: an event's guests get (or no longer get) the reminder before it. */
export const setReminders = defineIntent(
  z.object({ eventId: formText, enabled: formText.transform((value) => value === "true") }),
  async ({ eventId, enabled }, { user, context }) => {
    const outcome = await setRemindersEnabled(context.db, user, eventId, enabled);
    if (!outcome.ok) return { body: { ok: false, intent: "set-reminders", target: eventId, message: failedWith(messages.remindersFailed, outcome.message) }, status: refusalStatus(outcome.reason) };
    return { body: { ok: true, intent: "set-reminders", target: eventId, message: enabled ? messages.remindersOn : messages.remindersOff } };
  },
  intentFailed("set-reminders", messages.remindersFailed),
);

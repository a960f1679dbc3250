import { z } from "zod";
import { reservationsAdminMessages as messages } from "#app/modules/reservations";
import { deleteEventWithReservations } from "#app/modules/reservations/index.server";
import { defineIntent, formText } from "#app/routes/intents.server";
import { intentFailed, refused } from "./answers.server";

/** `delete-event`: an event goes, with its reservations and waiting list. */
export const deleteEvent = defineIntent(
  z.object({ eventId: formText }),
  async ({ eventId }, { user, context }) => {
    const outcome = await deleteEventWithReservations(context.db, user, { eventId });
    return outcome.ok ? { body: { ok: true, intent: "delete-event", message: outcome.message } } : refused("delete-event", outcome, eventId);
  },
  intentFailed("delete-event", messages.deleteEventFailed),
);

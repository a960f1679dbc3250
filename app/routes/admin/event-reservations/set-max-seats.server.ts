import { z } from "zod";
import { reservationsAdminMessages as messages } from "#app/modules/reservations";
import { setMaxSeats as setEventMaxSeats } from "#app/modules/reservations/index.server";
import { defineIntent, formText } from "#app/routes/intents.server";
import { intentFailed, refused } from "./answers.server";

/** `set-max-seats`: an event's seat limit; seats it frees go to the waiting list. */
export const setMaxSeats = defineIntent(
  z.object({ eventId: formText, maxSeats: formText }),
  async ({ eventId, maxSeats }, { user, context }) => {
    const outcome = await setEventMaxSeats(context.db, user, { eventId, maxSeats }, { now: context.now(), offerHours: context.env.WAITLIST_OFFER_HOURS }, context.wake.outbox);
    return outcome.ok ? { body: { ok: true, intent: "set-max-seats", target: eventId, message: outcome.message } } : refused("set-max-seats", outcome, eventId);
  },
  intentFailed("set-max-seats", messages.seatsFailed),
);

import { z } from "zod";
import { reservationsAdminMessages as messages } from "#app/modules/reservations";
import { deleteReservation as deleteOneReservation } from "#app/modules/reservations/index.server";
import { defineIntent, formText } from "#app/routes/intents.server";
import { intentFailed, refused } from "./answers.server";

/** `delete-reservation`: a guest's reservation goes; the seats it frees go to the waiting list. */
export const deleteReservation = defineIntent(
  z.object({ eventId: formText, reservationId: formText }),
  async ({ eventId, reservationId }, { user, context }) => {
    const outcome = await deleteOneReservation(context.db, user, { reservationId }, { now: context.now(), offerHours: context.env.WAITLIST_OFFER_HOURS }, context.wake.outbox);
    return outcome.ok ? { body: { ok: true, intent: "delete-reservation", message: outcome.message } } : refused("delete-reservation", outcome, eventId);
  },
  intentFailed("delete-reservation", messages.deleteReservationFailed),
);

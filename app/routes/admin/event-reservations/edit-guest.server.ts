import { z } from "zod";
import { answerGuestForm } from "#app/modules/reservations/index.server";
import { defineIntent, formText } from "#app/routes/intents.server";
import { intentFailed, refused } from "./answers.server";

/** `edit-guest`: the guest form; the use case reads and checks every field of it. */
export const editGuest = defineIntent(
  z.looseObject({ eventId: formText }),
  async (form, { user, context }) => {
    const outcome = await answerGuestForm(context.db, user, "edit-guest", form, context.env.WAITLIST_OFFER_HOURS, context.wake.outbox);
    if (!outcome.ok) return refused("edit-guest", outcome, form.eventId);
    return { body: { ...outcome, intent: "edit-guest", target: form.eventId } };
  },
  intentFailed("edit-guest", "Failed"),
);

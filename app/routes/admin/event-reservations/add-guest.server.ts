import { z } from "zod";
import { answerGuestForm } from "#app/modules/reservations/index.server";
import { defineIntent, formText } from "#app/routes/intents.server";
import { intentFailed, refused } from "./answers.server";

/** `add-guest`: the guest form; the use case reads and checks every field of it. */
export const addGuest = defineIntent(
  z.looseObject({ eventId: formText }),
  async (form, { user, context }) => {
    const outcome = await answerGuestForm(context.db, user, "add-guest", form, context.env.WAITLIST_OFFER_HOURS, context.wake.outbox);
    if (!outcome.ok) return refused("add-guest", outcome, form.eventId);
    return { body: { ...outcome, intent: "add-guest", target: form.eventId } };
  },
  intentFailed("add-guest", "Failed"),
);

import { z } from "zod";
import { recordGuestContribution } from "#app/modules/reservations/index.server";
import { defineIntent, formText } from "#app/routes/intents.server";
import { intentFailed, refused } from "./answers.server";

/** `record-contribution`: a guest's contribution paid in cash or otherwise, the amount defaulting to the expected one. */
export const recordContribution = defineIntent(
  z.object({ eventId: formText, reservationId: formText, method: formText, amount: formText }),
  async (form, { user, context }) => {
    const outcome = await recordGuestContribution(context.db, user, form);
    if (!outcome.ok) return refused("record-contribution", { ...outcome, values: { ...outcome.values, reservationId: form.reservationId } }, form.eventId);
    return { body: { ok: true, intent: "record-contribution", message: outcome.message, target: form.eventId } };
  },
  intentFailed("record-contribution", "Recording the payment failed"),
);

import { z } from "zod";
import { refundGuestContribution } from "#app/modules/reservations/index.server";
import { defineIntent, formText } from "#app/routes/intents.server";
import { intentFailed, refused } from "./answers.server";

/** `refund-contribution`: an admin gives back a guest's contribution, all or part, with a reason (card refunds go through Stripe). */
export const refundContribution = defineIntent(
  z.object({ eventId: formText, reservationId: formText, amount: formText, reason: formText }),
  async (form, { user, context }) => {
    const outcome = await refundGuestContribution(context.db, context.payments, user, form);
    if (!outcome.ok) return refused("refund-contribution", { ...outcome, values: { ...outcome.values, reservationId: form.reservationId } }, form.eventId);
    return { body: { ok: true, intent: "refund-contribution", message: outcome.message, target: form.eventId } };
  },
  intentFailed("refund-contribution", "The refund failed"),
);

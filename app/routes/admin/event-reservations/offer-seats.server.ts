import { z } from "zod";
import { refusalStatus } from "#app/lib/outcome";
import { failedWith, reservationsAdminMessages as messages } from "#app/modules/reservations";
import { offerManually } from "#app/modules/reservations/index.server";
import { defineIntent, formText } from "#app/routes/intents.server";
import { intentFailed } from "./answers.server";

/** `offer-seats`: a waiting-list line is offered its seats by hand. */
export const offerSeats = defineIntent(
  z.object({ eventId: formText, entryId: formText }),
  async ({ eventId, entryId }, { user, context }) => {
    const outcome = await offerManually(context.db, user, entryId, { now: context.now(), offerHours: context.env.WAITLIST_OFFER_HOURS }, context.wake.outbox);
    if (!outcome.ok) return { body: { ok: false, intent: "offer-seats", target: eventId, message: failedWith(messages.offerFailed, outcome.message) }, status: refusalStatus(outcome.reason) };
    return { body: { ok: true, intent: "offer-seats", target: eventId, message: messages.offered(outcome.entry.email) } };
  },
  intentFailed("offer-seats", messages.offerFailed),
);

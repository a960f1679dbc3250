import { controlEventAttendeeMail } from "#app/modules/campaigns/index.server";
import { defineIntent } from "#app/routes/intents.server";
import { intentFailed } from "./answers.server";
import { attendeeMailControl, attendeeMailControlInput } from "./attendee-mail-control.server";

/** `retry`: a guest mail's failed recipients (or the one named) are sent to again. */
export const retry = defineIntent(attendeeMailControlInput, async (input, { user, context }) =>
  attendeeMailControl("retry", await controlEventAttendeeMail(context.db, user, { campaignId: input.campaignId, intent: "retry", recipientId: input.recipientId || undefined }, context.campaigns, context.wake)),
  intentFailed("retry", "Failed"),
);

import { controlEventAttendeeMail } from "#app/modules/campaigns/index.server";
import { defineIntent } from "#app/routes/intents.server";
import { intentFailed } from "./answers.server";
import { attendeeMailControl, attendeeMailControlInput } from "./attendee-mail-control.server";

/** `cancel`: a guest mail's guests not yet sent to are never sent to. */
export const cancel = defineIntent(attendeeMailControlInput, async (input, { user, context }) =>
  attendeeMailControl("cancel", await controlEventAttendeeMail(context.db, user, { campaignId: input.campaignId, intent: "cancel", recipientId: input.recipientId || undefined }, context.campaigns, context.wake)),
  intentFailed("cancel", "Failed"),
);

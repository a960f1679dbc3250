import { controlEventAttendeeMail } from "#app/modules/campaigns/index.server";
import { defineIntent } from "#app/routes/intents.server";
import { intentFailed } from "./answers.server";
import { attendeeMailControl, attendeeMailControlInput } from "./attendee-mail-control.server";

/** `resume`: a paused guest mail goes on from where it stopped. */
export const resume = defineIntent(attendeeMailControlInput, async (input, { user, context }) =>
  attendeeMailControl("resume", await controlEventAttendeeMail(context.db, user, { campaignId: input.campaignId, intent: "resume", recipientId: input.recipientId || undefined }, context.campaigns, context.wake)),
  intentFailed("resume", "Failed"),
);

import { controlEventAttendeeMail } from "#app/modules/campaigns/index.server";
import { defineIntent } from "#app/routes/intents.server";
import { intentFailed } from "./answers.server";
import { attendeeMailControl, attendeeMailControlInput } from "./attendee-mail-control.server";

/** `pause`: an event's guest mail stops handing out its e-mails until it is resumed. */
export const pause = defineIntent(attendeeMailControlInput, async (input, { user, context }) =>
  attendeeMailControl("pause", await controlEventAttendeeMail(context.db, user, { campaignId: input.campaignId, intent: "pause", recipientId: input.recipientId || undefined }, context.campaigns, context.wake)),
  intentFailed("pause", "Failed"),
);

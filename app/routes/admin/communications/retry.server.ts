import { retryFailedRecipients } from "#app/modules/campaigns/index.server";
import { defineIntent, formText } from "#app/routes/intents.server";
import { campaignIntentFailed, composerInput, controlAnswer } from "./composer.server";

/** `retry`: a campaign's failed recipients (or the one named) are sent to again. */
export const retry = defineIntent(
  composerInput.extend({ campaignId: formText, recipientId: formText }),
  async ({ campaignId, recipientId }, { user, context }) =>
    controlAnswer("retry", await retryFailedRecipients(context.db, user, campaignId, context.campaigns, recipientId || undefined)),
  campaignIntentFailed("retry"),
);

import { cancelCampaign } from "#app/modules/campaigns/index.server";
import { defineIntent, formText } from "#app/routes/intents.server";
import { campaignIntentFailed, composerInput, controlAnswer } from "./composer.server";

/** `cancel`: a campaign's recipients not yet sent to are never sent to. */
export const cancel = defineIntent(
  composerInput.extend({ campaignId: formText }),
  async ({ campaignId }, { user, context }) => controlAnswer("cancel", await cancelCampaign(context.db, user, campaignId)),
  campaignIntentFailed("cancel"),
);

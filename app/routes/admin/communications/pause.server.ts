import { pauseCampaign } from "#app/modules/campaigns/index.server";
import { defineIntent, formText } from "#app/routes/intents.server";
import { campaignIntentFailed, composerInput, controlAnswer } from "./composer.server";

/** `pause`: a campaign stops handing out its e-mails until it is resumed. */
export const pause = defineIntent(
  composerInput.extend({ campaignId: formText }),
  async ({ campaignId }, { user, context }) => controlAnswer("pause", await pauseCampaign(context.db, user, campaignId)),
  campaignIntentFailed("pause"),
);

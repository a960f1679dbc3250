import { resumeCampaign } from "#app/modules/campaigns/index.server";
import { defineIntent, formText } from "#app/routes/intents.server";
import { campaignIntentFailed, composerInput, controlAnswer } from "./composer.server";

/** `resume`: a paused campaign goes on from where it stopped. */
export const resume = defineIntent(
  composerInput.extend({ campaignId: formText }),
  async ({ campaignId }, { user, context }) => controlAnswer("resume", await resumeCampaign(context.db, user, campaignId, context.campaigns, context.wake)),
  campaignIntentFailed("resume"),
);

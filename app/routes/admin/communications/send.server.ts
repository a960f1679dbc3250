import type { ComposerActionData } from "#app/components/admin/campaigns/composer-types";
import { campaignMessages } from "#app/modules/campaigns";
import { createReviewedCampaign, reviewSecret } from "#app/modules/campaigns/index.server";
import { defineIntent, formText, type IntentHandler } from "#app/routes/intents.server";
import { campaignIntentFailed, composerInput, composerOf } from "./composer.server";

const sendInput = composerInput.extend({ confirm: formText });

/**
 * `send` and its confirm `send-all`: the campaign to the ticked people, after the review. With
 * nobody ticked, Send is the spec's 'Send to ALL community?': the review asks it, and `send-all` is
 * its confirm.
 */
function sendTo(intent: "send" | "send-all"): IntentHandler<ComposerActionData> {
  return defineIntent(
    sendInput,
    async (input, { user, context }) => {
      const { composer, values } = composerOf(input);
      const recipients = input.recipients;
      const audience = intent === "send-all" || recipients.length === 0 ? "all" : "selected";
      const review = { secret: await reviewSecret(context.auth), publicUrl: context.env.PUBLIC_URL };
      const outcome = await createReviewedCampaign(context.db, user, { ...composer, audience, recipients, confirm: input.confirm || undefined }, context.campaigns, review);
      if (!outcome.ok && "review" in outcome && outcome.review) return { body: { ok: false, intent, message: outcome.message, review: outcome.review, values, recipients } };
      if (!outcome.ok) {
        const message = outcome.fieldErrors ? outcome.message : campaignMessages.sendFailed(outcome.message);
        return { body: { ...outcome, message, intent, values, recipients } as ComposerActionData, status: 400 };
      }
      return { body: { ok: true, intent, message: outcome.message } };
    },
    campaignIntentFailed(intent),
  );
}

export const send = sendTo("send");
export const sendAll = sendTo("send-all");

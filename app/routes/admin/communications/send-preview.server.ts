import type { ComposerActionData } from "#app/components/admin/campaigns/composer-types";
import { sendCampaignPreview } from "#app/modules/campaigns/index.server";
import { mailGoesToMailbox } from "#app/modules/messaging/index.server";
import { defineIntent } from "#app/routes/intents.server";
import { campaignIntentFailed, composerInput, composerOf } from "./composer.server";

/** `send-preview`: the campaign e-mail sent to the staff member's own address. */
export const sendPreview = defineIntent(
  composerInput,
  async (input, { user, context }) => {
    const { composer, values } = composerOf(input);
    const outcome = await sendCampaignPreview(context.db, user, composer, {
      publicUrl: context.env.PUBLIC_URL,
      keepSignInLink: mailGoesToMailbox(context.env.SMTP_URL),
      wake: context.wake.outbox,
    });
    return { body: { ...outcome, intent: "send-preview", values, recipients: input.recipients } as ComposerActionData, status: outcome.ok ? 200 : 400 };
  },
  campaignIntentFailed("send-preview"),
);

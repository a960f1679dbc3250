import type { ComposerActionData } from "#app/components/admin/campaigns/composer-types";
import { campaignMessages } from "#app/modules/campaigns";
import { communityNameOf, renderCampaignPreview } from "#app/modules/campaigns/index.server";
import { defineIntent } from "#app/routes/intents.server";
import { campaignIntentFailed, composerInput, composerOf } from "./composer.server";

/** `preview`: the campaign e-mail as one recipient (the one named, else the first ticked) would read it. */
export const preview = defineIntent(
  composerInput,
  async (input, { context }) => {
    const { composer, values } = composerOf(input);
    const recipients = input.recipients;
    const previewAs = values.previewAs || recipients[0] || "";
    const name = previewAs ? await communityNameOf(context.db, previewAs) : null;
    const outcome = await renderCampaignPreview(composer, { name }, context.env.PUBLIC_URL);
    if (!outcome.ok) return { body: { ...outcome, intent: "preview", values, recipients } as ComposerActionData, status: 400 };
    const previewLanding = composer.grantsMusicAccess === "on" ? campaignMessages.landingWithAccess : campaignMessages.landingWithoutAccess;
    return { body: { ok: true, intent: "preview", message: outcome.message, values, recipients, previewHtml: outcome.html, previewFor: previewAs || "friend", previewLanding } };
  },
  campaignIntentFailed("preview"),
);

import { z } from "zod";
import type { ComposerActionData } from "#app/components/admin/campaigns/composer-types";
import { campaignMessages, campaignNameFromSubject } from "#app/modules/campaigns";
import { formList, formText, type IntentAnswer } from "#app/routes/intents.server";

/** The composer's fields, which every e-mail campaign intent reads and the form gets back as typed. */
export const composerInput = z.object({
  campaign: formText,
  subject: formText,
  message: formText,
  grantsMusicAccess: formText,
  previewAs: formText,
  recipients: formList,
});

export type ComposerInput = z.output<typeof composerInput>;

/** What the composer shows again (`values`), and the campaign to write: a name left empty is made from the subject, never an earlier campaign's. */
export function composerOf(input: ComposerInput) {
  const typed = { campaign: input.campaign, subject: input.subject, message: input.message, grantsMusicAccess: input.grantsMusicAccess };
  return {
    composer: { ...typed, campaign: typed.campaign.trim() || campaignNameFromSubject(typed.subject) },
    values: { ...typed, previewAs: input.previewAs },
  };
}

/** The answer of a campaign intent whose use case threw: the spec's failure text, and the form as typed. */
export function campaignIntentFailed(intent: string) {
  return (input: ComposerInput): IntentAnswer<ComposerActionData> => {
    const reason = "the server could not do it just now; please try again";
    const message = intent === "send-preview" ? campaignMessages.previewFailed(reason) : campaignMessages.sendFailed(reason);
    return { body: { ok: false, intent, message, values: composerOf(input).values, recipients: input.recipients }, status: 503 };
  };
}

/** A campaign control's answer (pause, resume, cancel, retry): its message, and 409 when the campaign's state refused it. */
export function controlAnswer(intent: string, outcome: { ok: boolean; message: string }): IntentAnswer<ComposerActionData> {
  return { body: { ok: outcome.ok, intent, message: outcome.message } as ComposerActionData, status: outcome.ok ? 200 : 409 };
}

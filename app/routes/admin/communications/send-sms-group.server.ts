import type { StaffOutcome } from "#app/components/admin/staff-outcome";
import { siteConfig } from "#app/lib/site-config";
import { createTextCampaign, reviewSecret } from "#app/modules/campaigns/index.server";
import { smsMessages } from "#app/modules/sms";
import { defineIntent, formText, type IntentAnswer } from "#app/routes/intents.server";
import { smsGroupInput } from "./sms-group.server";

/** `send-sms-group`: a text to an audience, as a campaign of channel sms, after the review. */
export const sendSmsGroup = defineIntent(
  smsGroupInput.extend({ confirm: formText }),
  async ({ confirm, ...values }, { user, context }): Promise<IntentAnswer<StaffOutcome>> => {
    const intent = "send-sms-group";
    const review = { secret: await reviewSecret(context.auth), confirm: confirm || undefined };
    const outcome = await createTextCampaign(context.db, user, values, {
      starter: context.campaigns,
      timeZone: siteConfig.venue.timeZone,
      allowedCountries: context.env.SMS_ALLOWED_COUNTRIES,
      review,
    });
    if (!outcome.ok && outcome.review) return { body: { ok: false, intent, message: outcome.message, review: outcome.review, values } };
    if (!outcome.ok) return { body: { ok: false, intent, message: outcome.message, fieldErrors: outcome.fieldErrors, values }, status: 400 };
    return { body: { ok: true, intent, message: outcome.message } };
  },
  ({ confirm: _, ...values }) => ({
    body: { ok: false, intent: "send-sms-group", message: `${smsMessages.failed}: the server could not do it just now; please try again`, values },
    status: 503,
  }),
);

import { z } from "zod";
import type { SmsOutcome } from "#app/components/admin/sms/sms-form";
import { siteConfig } from "#app/lib/site-config";
import { sendTextToNumber } from "#app/modules/sms/index.server";
import { defineIntent, formText } from "#app/routes/intents.server";

/**
 * `send-sms`: one text to one number, through the outbox. The submission key makes a resubmission
 * (a lost answer, a second press) find its text instead of sending another.
 */
export const sendSms = defineIntent(
  z.object({ phone: formText, message: formText, campaign: formText, submissionKey: formText }),
  async ({ submissionKey, ...values }, { user, context }) => {
    const outcome = await sendTextToNumber(context.db, user, values, {
      timeZone: siteConfig.venue.timeZone,
      limits: context.env,
      submissionKey: submissionKey || undefined,
      wake: context.wake.texts,
    });
    const body: SmsOutcome = outcome.ok
      ? { ok: true, intent: "send-sms", message: outcome.message, warning: outcome.warning, sid: outcome.status === "sent" ? outcome.sid : undefined }
      : { ok: false, intent: "send-sms", message: outcome.message, fieldErrors: "fieldErrors" in outcome ? outcome.fieldErrors : undefined, values };
    return { body, status: outcome.ok ? 200 : 400 };
  },
);

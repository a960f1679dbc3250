import type { SmsOutcome } from "~/components/admin/sms/sms-form";
import { getEnv } from "~/lib/env.server";
import { siteConfig } from "~/lib/site-config";
import type { SignedInUser } from "~/routes/guards.server";
import { sendTextToNumber } from "~/modules/sms/send-text-to-number.server";
import { getRuntime } from "../../../server/runtime";

/** The `send-sms` intent of /admin/communications: one text to one number, through the outbox. */
export async function sendSmsFromForm(user: SignedInUser, form: Record<string, string>): Promise<SmsOutcome> {
  const values = { phone: form.phone ?? "", message: form.message ?? "", campaign: form.campaign ?? "general" };
  const outcome = await sendTextToNumber(getRuntime().database.db, { id: user.id, email: user.email }, values, {
    timeZone: siteConfig.venue.timeZone,
    limits: getEnv(),
    submissionKey: form.submissionKey || undefined,
  });
  if (!outcome.ok) return { ok: false, intent: "send-sms", message: outcome.message, fieldErrors: outcome.fieldErrors, values };
  return { ok: true, intent: "send-sms", message: outcome.message, warning: outcome.warning, sid: outcome.status === "sent" ? outcome.sid : undefined };
}

import type { SmsOutcome } from "#app/components/admin/sms/sms-form";
import { siteConfig } from "#app/lib/site-config";
import type { SignedInUser } from "#app/routes/guards.server";
import type { AppLoadContext } from "react-router";
import { sendTextToNumber } from "#app/modules/sms/index.server";

/** The `send-sms` intent of /admin/communications: one text to one number, through the outbox. */
export async function sendSmsFromForm(context: Pick<AppLoadContext, "db" | "env">, user: SignedInUser, form: Record<string, string>): Promise<SmsOutcome> {
  const values = { phone: form.phone ?? "", message: form.message ?? "", campaign: form.campaign ?? "general" };
  const outcome = await sendTextToNumber(context.db, user, values, {
    timeZone: siteConfig.venue.timeZone,
    limits: context.env,
    submissionKey: form.submissionKey || undefined,
  });
  if (!outcome.ok) return { ok: false, intent: "send-sms", message: outcome.message, fieldErrors: "fieldErrors" in outcome ? outcome.fieldErrors : undefined, values };
  return { ok: true, intent: "send-sms", message: outcome.message, warning: outcome.warning, sid: outcome.status === "sent" ? outcome.sid : undefined };
}

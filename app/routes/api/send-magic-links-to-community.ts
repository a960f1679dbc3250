import { z } from "zod";
import type { Route } from "./+types/send-magic-links-to-community";
import { methodNotAllowed, readJsonBody } from "#app/lib/json-api.server";
import { campaignMessages } from "#app/modules/campaigns";
import { createCampaign } from "#app/modules/campaigns/index.server";
import { requireStaffApi } from "#app/routes/guards.server";
import { logFailure } from "#app/lib/log.server";
import { siteConfig } from "#app/lib/site-config";
import type { AppLoadContext } from "react-router";
import type { StaffMember } from "#app/modules/access";
import { refusalStatus } from "#app/lib/outcome";
import { sendTextToNumber } from "#app/modules/sms/index.server";

const MAX_BODY_BYTES = 2 * 1024 * 1024;

/** The spec's e-mail form; `emails` absent means the whole community list. */
const requestSchema = z.object(
  {
    campaign: z.string({ error: "campaign must be a string." }).optional(),
    emails: z.array(z.string({ error: "emails must be a list of addresses." }), { error: "emails must be a list of addresses." }).optional(),
    subject: z.string({ error: "subject must be a string." }).default(""),
    html: z.string({ error: "html must be a string." }).default(""),
  },
  { error: "The request body must be a JSON object with subject and html." },
);

/**
 * POST /api/sendMagicLinksToCommunity (staff; cookie or bearer): `{ campaign, emails?, subject,
 * html }` → `{ sent }`, the number of recipients queued, or 400 `{ error }`. The same use case as
 * the composer; `html` is the message, read as Markdown with {{link}} and {{name}} (raw HTML tags
 * are shown as text, never passed into the e-mail).
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireStaffApi(request, "send-communications", context);
  const body = await readJsonBody(request, MAX_BODY_BYTES);
  if (!body.ok) return Response.json({ error: body.error }, { status: 400 });
  // The spec's SMS form of the same endpoint: `{ phone, message, campaign }` → `{ messageSid }`.
  if (body.value && typeof body.value === "object" && "phone" in body.value) return sendText(context, user, body.value);
  const parsed = requestSchema.safeParse(body.value);
  if (!parsed.success) return Response.json({ error: parsed.error.issues[0]?.message ?? campaignMessages.subjectAndMessage }, { status: 400 });
  const { campaign, emails, subject, html } = parsed.data;
  try {
    const outcome = await createCampaign(
      context.db,
      user,
      { campaign, audience: emails === undefined ? "all" : "selected", recipients: emails ?? [], subject, message: html },
      context.campaigns,
    );
    if (!outcome.ok) return Response.json({ error: outcome.message }, { status: 400 });
    return Response.json({ sent: outcome.queued });
  } catch (error) {
    logFailure("campaigns", "sendMagicLinksToCommunity", error);
    return Response.json({ error: campaignMessages.sendFailed("the campaign could not be saved; please try again") }, { status: 503 });
  }
}

export const loader = () => methodNotAllowed(["POST"]);

/** One text through the outbox; the answer waits a few seconds for Twilio's message SID. */
async function sendText(context: AppLoadContext, user: StaffMember, payload: object) {
  try {
    const outcome = await sendTextToNumber(context.db, user, payload, { timeZone: siteConfig.venue.timeZone, limits: context.env, wake: context.wake.texts });
    if (!outcome.ok) return Response.json({ error: outcome.message }, { status: outcome.reason === "daily-limit" || outcome.reason === "forbidden" ? refusalStatus(outcome.reason) : "fieldErrors" in outcome && outcome.fieldErrors ? 400 : 502 });
    if (outcome.status === "sent") return Response.json({ messageSid: outcome.sid });
    return Response.json({ queued: true, message: outcome.message }, { status: 202 });
  } catch (error) {
    logFailure("sms", "sendMagicLinksToCommunity (SMS)", error);
    return Response.json({ error: "Failed to send SMS" }, { status: 503 });
  }
}

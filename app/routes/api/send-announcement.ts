import { z } from "zod";
import type { Route } from "./+types/send-announcement";
import { methodNotAllowed, readJsonBody } from "#app/lib/json-api.server";
import { logFailure } from "#app/lib/log.server";
import { MAX_ANNOUNCEMENT_ADDRESSES, MAX_ANNOUNCEMENT_BODY_BYTES } from "#app/modules/campaigns";
import { campaignMessages } from "#app/modules/campaigns";
import { sendAnnouncementToAddresses, sendEventAttendeeMail } from "#app/modules/campaigns/index.server";
import { reservationsAdminMessages } from "#app/modules/reservations";
import { refusalStatus } from "#app/lib/outcome";
import { requireStaffApi } from "#app/routes/guards.server";


/** The spec's two forms: `{ subject, to, html }` or `{ eventId, subject, html }`. */
const requestSchema = z.object(
  {
    eventId: z.string({ error: "eventId must be a string." }).optional(),
    to: z.array(z.string({ error: "to must be a list of addresses." }), { error: "to must be a list of addresses." }).max(MAX_ANNOUNCEMENT_ADDRESSES, `to may list at most ${MAX_ANNOUNCEMENT_ADDRESSES} addresses; send a longer list in parts.`).optional(),
    subject: z.string({ error: "subject must be a string." }).default(""),
    html: z.string({ error: "html must be a string." }).default(""),
  },
  { error: "The request body must be a JSON object with subject, html and either to or eventId." },
);


/**
 * POST /api/sendAnnouncement (staff; session cookie or bearer) → `{ sent }`, the number of
 * recipients queued on the campaigns' durable bulk send, or 400 `{ error }`. With `eventId` it
 * mails the event's reservation holders (admins and event staff: policy `mail-event-attendees`);
 * with `to`, a list of addresses (admins: `send-communications`). `html` is the message, read as
 * Markdown like every campaign's (raw HTML tags are shown as text). No personal sign-in link.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireStaffApi(request, "mail-event-attendees", context);
  const body = await readJsonBody(request, MAX_ANNOUNCEMENT_BODY_BYTES);
  if (!body.ok) return Response.json({ error: body.error }, { status: 400 });
  const parsed = requestSchema.safeParse(body.value);
  if (!parsed.success) return Response.json({ error: parsed.error.issues[0]?.message ?? campaignMessages.subjectAndMessage }, { status: 400 });
  const { eventId, to, subject, html } = parsed.data;
  if (eventId === undefined && to === undefined) return Response.json({ error: "Give either to (a list of addresses) or eventId." }, { status: 400 });
  try {
    const starter = context.campaigns;
    const outcome =
      eventId !== undefined
        ? await sendEventAttendeeMail(context.db, user, { eventId, subject, message: html }, starter, context.env)
        : await sendAnnouncementToAddresses(context.db, user, { to: to!, subject, message: html }, starter);
    // The spec's endpoint answers every request it cannot act on with 400 { error }; an event that
    // does not exist is a bad eventId here, not a missing page.
    if (!outcome.ok) return Response.json({ error: outcome.message }, { status: refusalStatus(outcome.reason === "not-found" ? "invalid" : outcome.reason) });
    return Response.json({ sent: outcome.queued });
  } catch (error) {
    logFailure("campaigns", "sendAnnouncement", error);
    return Response.json({ error: reservationsAdminMessages.announcementFailed("the announcement could not be saved; please try again") }, { status: 503 });
  }
}

export const loader = () => methodNotAllowed(["POST"]);

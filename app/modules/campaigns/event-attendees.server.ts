import { and, eq } from "drizzle-orm";
import type { Database } from "#app/lib/db.server";
import type { Env } from "#app/lib/env.server";
import { firstErrorPerField } from "#app/lib/form-errors";
import type { StaffActor } from "#app/modules/activity/index.server";
import { can, notAllowed } from "#app/modules/access";
import { unsubscribedAmong } from "#app/modules/consent/index.server";
import { consumeRateLimits } from "#app/modules/security/index.server";
import type { Role } from "#app/modules/access";
import { campaigns } from "#db/schema";
import { findEventForMailing } from "#app/modules/events/index.server";
import { eventGuestContacts } from "#app/modules/reservations/index.server";
import { ANNOUNCEMENT, announcementSchema, EVENT_ATTENDEES, eventAttendeesTag, eventIdOfTag } from "./announcement-form";
import { campaignMessages } from "./campaign-messages";
import { cancelCampaign, pauseCampaign, resumeCampaign, retryFailedRecipients, type ControlOutcome } from "./control-campaign.server";
import type { FanOutStarter } from "./campaign-kinds.server";
import type { OutboxWake } from "#app/modules/messaging/index.server";
import type { TextWake } from "#app/modules/sms/index.server";
import { startFanOut, writeCampaign } from "./create-campaign.server";
import { renderEmailSample } from "./campaign-preview.server";
import { partitionUnsubscribed, uniqueRecipients, type Recipient } from "./recipients";
import { checkReview, type ReviewOptions } from "./review-send.server";
import { groupLeftOut, reviewMessages, type SendReview } from "./send-review";

type Actor = StaffActor & { role: Role };

export type AnnouncementOutcome =
  | { ok: true; campaignId: string; queued: number; skipped: number }
  | { ok: false; reason: "forbidden" | "not-found" | "invalid" | "no-recipients" | "daily-limit"; message: string; fieldErrors?: Record<string, string> };

/** How many mails to one event's guests one staff member may send in a day. */
export type EventMailLimits = Pick<Env, "EVENT_MAILS_PER_STAFF_PER_DAY" | "RATE_LIMIT_MULTIPLIER">;

export const announcementMessages = {
  noRecipients: "No recipients for this event.",
  noAddresses: "Please give at least one recipient address.",
  unknownEvent: "There is no such event.",
  forbidden: "You may not send this announcement.",
  notInScope: "Event staff mail the guests of published events taking reservations only.",
  everyoneUnsubscribed: campaignMessages.noneLeft,
  invalidEmail: campaignMessages.invalidEmail,
  dailyLimit: (limit: number, hours: number) =>
    `You have mailed this event's guests ${limit} ${limit === 1 ? "time" : "times"} in the last day, the most allowed. Please try again in ${hours} ${hours === 1 ? "hour" : "hours"}.`,
} as const;

function invalid(issues: Parameters<typeof firstErrorPerField>[0]): AnnouncementOutcome {
  const fieldErrors = firstErrorPerField(issues);
  return { ok: false, reason: "invalid", message: Object.values(fieldErrors)[0] ?? campaignMessages.subjectAndMessage, fieldErrors };
}

async function send(
  db: Database,
  actor: Actor,
  campaign: { kind: string; tag: string; subject: string; message: string; recipients: Recipient[]; logged: Record<string, unknown> },
  starter: FanOutStarter,
): Promise<AnnouncementOutcome> {
  const written = await writeCampaign(db, actor, { ...campaign, bodyMarkdown: campaign.message });
  if (!written) return { ok: false, reason: "no-recipients", message: announcementMessages.everyoneUnsubscribed };
  await startFanOut(starter, written.campaignId);
  return { ok: true, ...written };
}

/** An event's guests to mail, worked out (policy, form, event, each address once), or why not. */
type PreparedAttendeeMail =
  | { ok: true; event: { id: string; title: string }; subject: string; message: string; recipients: Recipient[]; withoutEmail: string[] }
  | Extract<AnnouncementOutcome, { ok: false }>;

async function prepareEventAttendeeMail(db: Database, actor: Actor, input: { eventId: string; subject: unknown; message: unknown }): Promise<PreparedAttendeeMail> {
  if (!can(actor, "mail-event-attendees")) return { ok: false, reason: "forbidden", message: announcementMessages.forbidden };
  const event = await findEventForMailing(db, input.eventId);
  if (!event) return { ok: false, reason: "not-found", message: announcementMessages.unknownEvent };
  if (!can(actor, "mail-event-attendees", { event })) return { ok: false, reason: "forbidden", message: announcementMessages.notInScope };
  const parsed = announcementSchema.safeParse({ subject: input.subject, message: input.message });
  if (!parsed.success) return invalid(parsed.error.issues) as Extract<AnnouncementOutcome, { ok: false }>;
  const holders = await eventGuestContacts(db, event.id);
  // A guest staff added without an address (a walk-in) has no inbox to reach.
  const recipients = uniqueRecipients(holders.flatMap((holder) => (holder.email ? [{ email: holder.email, name: holder.name }] : [])));
  if (recipients.length === 0) return { ok: false, reason: "no-recipients", message: announcementMessages.noRecipients };
  const withoutEmail = holders.filter((holder) => !holder.email).map((holder) => holder.name || "A guest without a name");
  return { ok: true, event: { id: event.id, title: event.title }, ...parsed.data, recipients, withoutEmail };
}

/** Per sender and event: the same message mailed to a guest list again and again is abuse, not news. */
async function consumeEventMailQuota(db: Database, actor: Actor, eventId: string, limits: EventMailLimits): Promise<AnnouncementOutcome | null> {
  const quota = await consumeRateLimits(
    db,
    [{ key: `event-mail:staff:${actor.id}:event:${eventId}`, rule: { limit: limits.EVENT_MAILS_PER_STAFF_PER_DAY, windowSeconds: 86_400 } }],
    limits.RATE_LIMIT_MULTIPLIER,
  );
  if (quota.allowed) return null;
  const limit = Math.round(limits.EVENT_MAILS_PER_STAFF_PER_DAY * limits.RATE_LIMIT_MULTIPLIER);
  return { ok: false, reason: "daily-limit", message: announcementMessages.dailyLimit(limit, Math.ceil(quota.retryAfterSeconds / 3600)) };
}

/**
 * Staff mail an event's reservation holders (campaign `event_attendees_{eventId}`), through the
 * durable bulk send: one recipient per address (trimmed, lower-cased), the guest's name from the
 * reservation, unsubscribed addresses skipped, no personal sign-in link (docs/decisions/028).
 * This is POST /api/sendAnnouncement's contract (no review step); the page uses `mailEventGuests`.
 */
export async function sendEventAttendeeMail(
  db: Database,
  actor: Actor,
  input: { eventId: string; subject: unknown; message: unknown },
  starter: FanOutStarter,
  limits: EventMailLimits,
): Promise<AnnouncementOutcome> {
  const prepared = await prepareEventAttendeeMail(db, actor, input);
  if (!prepared.ok) return prepared;
  const { event, recipients } = prepared;
  const refused = await consumeEventMailQuota(db, actor, event.id, limits);
  if (refused) return refused;
  return send(
    db,
    actor,
    { kind: EVENT_ATTENDEES, tag: eventAttendeesTag(event.id), subject: prepared.subject, message: prepared.message, recipients, logged: { campaign: eventAttendeesTag(event.id), event: event.title } },
    starter,
  );
}

export type ReviewedMailOutcome = AnnouncementOutcome | { ok: false; reason: "review"; message: string; review: SendReview };

/**
 * The reservations page's 'mail this event's guests', with its review (docs/decisions/042): without
 * the token of a review of exactly this mail to exactly these guests, nothing is sent and the review
 * is the answer (count, who is left out and why, one guest's copy). The confirm sends, counted in
 * the daily quota, with the review's fingerprint on the campaign.
 */
export async function mailEventGuests(
  db: Database,
  actor: Actor,
  input: { eventId: string; subject: unknown; message: unknown; confirm?: string },
  starter: FanOutStarter,
  limits: EventMailLimits,
  options: ReviewOptions & { publicUrl: string },
): Promise<ReviewedMailOutcome> {
  const prepared = await prepareEventAttendeeMail(db, actor, input);
  if (!prepared.ok) return prepared;
  const { event, subject, message, recipients, withoutEmail } = prepared;
  const unsubscribed = await unsubscribedAmong(db, recipients.map((recipient) => recipient.email));
  const { send: receiving, skipped } = partitionUnsubscribed(recipients, unsubscribed);
  if (receiving.length === 0) return { ok: false, reason: "no-recipients", message: announcementMessages.everyoneUnsubscribed };
  const tag = eventAttendeesTag(event.id);
  const first = receiving[0]!;
  const decision = await checkReview(
    db,
    actor,
    {
      channel: "email",
      audience: `the guests of ${event.title}`,
      leftOut: groupLeftOut([
        ...skipped.map((guest) => ({ label: labelOf(guest), reason: reviewReasons.unsubscribed })),
        ...withoutEmail.map((name) => ({ label: name, reason: reviewReasons.noEmail })),
      ]),
      sample: { recipient: labelOf(first), subject, html: await renderEmailSample(db, { kind: EVENT_ATTENDEES, tag, subject, message }, first, options.publicUrl) },
      identity: { channel: "email", kind: EVENT_ATTENDEES, tag, subject, message, recipients: receiving.map((guest) => guest.email) },
    },
    input.confirm,
    options,
  );
  if (!decision.send) return { ok: false, reason: "review", message: decision.review.notice ?? reviewMessages.heading, review: decision.review };
  const refused = await consumeEventMailQuota(db, actor, event.id, limits);
  if (refused) return refused;
  const written = await writeCampaign(db, actor, {
    kind: EVENT_ATTENDEES,
    tag,
    subject,
    bodyMarkdown: message,
    recipients,
    logged: { campaign: tag, event: event.title },
    fingerprint: decision.fingerprint,
  });
  if (!written) return { ok: false, reason: "no-recipients", message: announcementMessages.everyoneUnsubscribed };
  await startFanOut(starter, written.campaignId);
  return { ok: true, ...written };
}

/** 'Ada Lovelace (ada@example.com)', or the address alone. */
export const labelOf = (person: { email: string; name: string | null }) => (person.name ? `${person.name} (${person.email})` : person.email);

/** Why a person is left out of a send, as the review says it. */
export const reviewReasons = {
  unsubscribed: "Unsubscribed from our e-mails",
  noEmail: "Added by hand without an e-mail address",
} as const;

/**
 * An announcement to a list of addresses (POST /api/sendAnnouncement with `to`): admins only
 * (`send-communications`), each address once, no personal sign-in link, campaign 'announcement'.
 */
export async function sendAnnouncementToAddresses(
  db: Database,
  actor: Actor,
  input: { to: string[]; subject: unknown; message: unknown },
  starter: FanOutStarter,
): Promise<AnnouncementOutcome> {
  if (!can(actor, "send-communications")) return { ok: false, reason: "forbidden", message: announcementMessages.forbidden };
  const parsed = announcementSchema.safeParse({ subject: input.subject, message: input.message });
  if (!parsed.success) return invalid(parsed.error.issues);
  const recipients = uniqueRecipients(input.to.map((email) => ({ email })));
  if (recipients.length === 0) return { ok: false, reason: "invalid", message: announcementMessages.noAddresses, fieldErrors: { to: announcementMessages.noAddresses } };
  const wrong = recipients.find((recipient) => !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(recipient.email) || recipient.email.length > 254);
  if (wrong) return { ok: false, reason: "invalid", message: announcementMessages.invalidEmail(wrong.email), fieldErrors: { to: announcementMessages.invalidEmail(wrong.email) } };
  return send(db, actor, { kind: ANNOUNCEMENT, tag: ANNOUNCEMENT, ...parsed.data, recipients, logged: { campaign: ANNOUNCEMENT } }, starter);
}

/**
 * Pause, resume, cancel or retry an attendee mail from the reservations page. Event staff may
 * control these campaigns only (any other campaign answers as if it did not exist), and only for
 * an event in their scope (the policy, asked with the event the mail went to).
 */
export async function controlEventAttendeeMail(
  db: Database,
  actor: Actor,
  input: { campaignId: string; intent: "pause" | "resume" | "cancel" | "retry"; recipientId?: string },
  starter: FanOutStarter,
  wake: { outbox: OutboxWake; texts: TextWake },
): Promise<ControlOutcome> {
  if (!can(actor, "mail-event-attendees")) return { ok: false, message: announcementMessages.forbidden };
  const [campaign] = /^[0-9a-f-]{36}$/i.test(input.campaignId)
    ? await db.select({ id: campaigns.id, tag: campaigns.tag }).from(campaigns).where(and(eq(campaigns.id, input.campaignId), eq(campaigns.kind, EVENT_ATTENDEES)))
    : [];
  if (!campaign) return { ok: false, message: campaignMessages.notFound };
  const event = await findEventForMailing(db, eventIdOfTag(campaign.tag));
  if (!(event ? can(actor, "mail-event-attendees", { event }) : can(actor, "send-communications"))) return notAllowed(announcementMessages.notInScope);
  if (input.intent === "pause") return pauseCampaign(db, actor, campaign.id);
  if (input.intent === "resume") return resumeCampaign(db, actor, campaign.id, starter, wake);
  if (input.intent === "cancel") return cancelCampaign(db, actor, campaign.id);
  return retryFailedRecipients(db, actor, campaign.id, starter, input.recipientId);
}

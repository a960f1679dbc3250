import { campaignRecipients, campaigns } from "#db/schema";
import { findEventForMailing } from "#app/modules/events/index.server";
import type { Database } from "#app/lib/db.server";
import { firstErrorPerField } from "#app/lib/form-errors";
import { recordActivity } from "#app/modules/activity/index.server";
import { formatVenueDateTime } from "#app/lib/event-dates";
import { formatVenueTime, isWithinSendingHours, nextSendingTime } from "#app/modules/sms";
import { communityTextRecipients, numberRefusals, type TextRecipient, type TextRules } from "#app/modules/sms/index.server";
import { eventGuestAudience, listEventAudiences, type GuestsLeftOut } from "./event-text-audience.server";
import { smsGroupFormSchema } from "#app/modules/sms";
import { personaliseSms, smsMessages, smsMonthOf, textRefusalWords } from "#app/modules/sms";
import type { FanOutStarter } from "./campaign-kinds.server";
import { checkReview, type ReviewOptions } from "./review-send.server";
import { can, notAllowed, type StaffMember } from "#app/modules/access";
import { groupLeftOut, reviewMessages, type SendReview } from "./send-review";

export const SMS_GROUP = "sms_group";

export type CreateTextCampaignOutcome =
  | { ok: true; campaignId: string; queued: number; skipped: number; scheduledFor: Date | null; message: string }
  | { ok: false; message: string; fieldErrors?: Record<string, string>; review?: SendReview };

export interface TextCampaignOptions extends TextRules {
  starter: FanOutStarter;
  /** The venue's time zone: quiet hours and the month a text counts towards. */
  timeZone: string;
  now?: Date;
  /**
   * The staff page's review step (docs/decisions/042): without `confirm`, the token of a review of
   * exactly this text to exactly these numbers, nothing is sent and the review is the answer.
   */
  review?: ReviewOptions & { confirm?: string };
}

/**
 * Staff text a group: everyone with SMS consent and a phone, or the guests of one event who gave
 * it. Like an e-mail campaign, the campaign (channel sms) and one recipient row per number are
 * written in one transaction with the activity entry; numbers outside SMS_ALLOWED_COUNTRIES, that
 * opted out or already had 4 texts this month are written as skipped with the reason (the review
 * lists them as left out) and never texted. Asked for outside
 * 10:00–20:00 venue time, it is scheduled for the next 10:00 unless staff chose 'Send now'.
 */
export async function createTextCampaign(db: Database, actor: StaffMember, input: unknown, options: TextCampaignOptions): Promise<CreateTextCampaignOutcome> {
  if (!can(actor, "send-communications")) return notAllowed();
  const parsed = smsGroupFormSchema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors = firstErrorPerField(parsed.error.issues);
    return { ok: false, message: Object.values(fieldErrors)[0] ?? smsMessages.failed, fieldErrors };
  }
  const form = parsed.data;
  let recipients: TextRecipient[];
  let audienceLabel: string;
  let guestsLeftOut: { label: string; reason: string }[] = [];
  if (form.audience === "event") {
    const event = await findEventForMailing(db, form.eventId);
    if (!event) return { ok: false, message: smsMessages.eventRequired, fieldErrors: { eventId: smsMessages.eventRequired } };
    const audience = await eventGuestAudience(db, event.id);
    recipients = audience.recipients;
    guestsLeftOut = audience.leftOutGuests;
    audienceLabel = `Text to the guests of ${event.title}`;
  } else {
    recipients = await communityTextRecipients(db);
    audienceLabel = "Text to everyone with SMS consent";
  }
  if (recipients.length === 0) return { ok: false, message: smsMessages.nobodyToText, fieldErrors: { audience: smsMessages.nobodyToText } };

  const now = options.now ?? new Date();
  const scheduledFor = form.timing === "now" || isWithinSendingHours(now, options.timeZone) ? null : nextSendingTime(now, options.timeZone);
  const month = smsMonthOf(scheduledFor ?? now, options.timeZone);

  let fingerprint: string | null = null;
  if (options.review) {
    const reasons = await skipReasonsFor(db, recipients, { month, allowedCountries: options.allowedCountries });
    const receiving = recipients.filter((recipient) => !reasons.has(recipient.phone));
    if (receiving.length === 0) return { ok: false, message: smsMessages.nobodyToText, fieldErrors: { audience: smsMessages.nobodyToText } };
    const skippedNumbers = recipients.flatMap((recipient) => {
      const reason = reasons.get(recipient.phone);
      return reason ? [{ label: textRecipientLabel(recipient), reason }] : [];
    });
    const first = receiving[0]!;
    const decision = await checkReview(
      db,
      actor,
      {
        channel: "sms",
        audience: form.audience === "event" ? audienceLabel.replace(/^Text to /, "") : "everyone with SMS consent and a phone",
        leftOut: groupLeftOut([...guestsLeftOut, ...skippedNumbers]),
        sample: { recipient: textRecipientLabel(first), text: personaliseSms(form.message, first.name) },
        scheduledFor: scheduledFor ? formatVenueTime(scheduledFor, options.timeZone) : undefined,
        identity: { channel: "sms", kind: SMS_GROUP, tag: form.campaign, subject: "", message: form.message, recipients: receiving.map((recipient) => recipient.phone) },
      },
      options.review.confirm,
      options.review,
    );
    if (!decision.send) return { ok: false, message: decision.review.notice ?? reviewMessages.heading, review: decision.review };
    fingerprint = decision.fingerprint;
  }

  const outcome = await db.transaction(async (tx) => {
    const skipReasons = await skipReasonsFor(tx, recipients, { month, allowedCountries: options.allowedCountries });
    const sendCount = recipients.filter((recipient) => !skipReasons.has(recipient.phone)).length;
    if (sendCount === 0) return null;
    const [campaign] = await tx
      .insert(campaigns)
      .values({
        kind: SMS_GROUP,
        channel: "sms",
        tag: form.campaign,
        subject: audienceLabel,
        bodyMarkdown: form.message,
        status: scheduledFor ? "scheduled" : "sending",
        scheduledFor,
        createdByUserId: actor.id,
        createdByEmail: actor.email,
        recipientCount: recipients.length,
        sendFingerprint: fingerprint,
      })
      .returning({ id: campaigns.id });
    const campaignId = campaign!.id;
    const rows = recipients.map((recipient) => {
      const reason = skipReasons.get(recipient.phone);
      return {
        campaignId,
        phone: recipient.phone,
        email: recipient.email,
        name: recipient.name,
        status: reason ? ("skipped" as const) : ("queued" as const),
        lastError: reason ?? null,
      };
    });
    for (let start = 0; start < rows.length; start += 1000) await tx.insert(campaignRecipients).values(rows.slice(start, start + 1000));
    await recordActivity(tx, actor, {
      kind: "sms.group-created",
      subjectType: "campaign",
      subjectId: campaignId,
      subjectLabel: audienceLabel,
      after: {
        campaign: form.campaign,
        audience: form.audience,
        recipients: sendCount,
        skipped: rows.length - sendCount,
        ...(scheduledFor ? { scheduledFor: scheduledFor.toISOString() } : {}),
        ...(form.timing === "now" && !isWithinSendingHours(now, options.timeZone) ? { sentDuringQuietHours: true } : {}),
      },
    });
    return { campaignId, queued: sendCount, skipped: rows.length - sendCount };
  });
  if (!outcome) return { ok: false, message: smsMessages.nobodyToText, fieldErrors: { audience: smsMessages.nobodyToText } };

  if (scheduledFor) {
    // The minute's campaign sweep starts it once its time has come.
    return { ok: true, ...outcome, scheduledFor, message: smsMessages.groupScheduled(outcome.queued, outcome.skipped, formatVenueTime(scheduledFor, options.timeZone)) };
  }
  await options.starter.startFanOut(outcome.campaignId).catch((error: unknown) => {
    console.error(`[campaigns] could not start the fan-out of ${outcome.campaignId} now:`, error instanceof Error ? error.message : error);
  });
  return { ok: true, ...outcome, scheduledFor: null, message: smsMessages.groupQueued(outcome.queued, outcome.skipped) };
}

/** 'Ada (+16195550100)', or the number alone. */
const textRecipientLabel = (recipient: TextRecipient) => (recipient.name ? `${recipient.name} (${recipient.phone})` : recipient.phone);

/**
 * Numbers to skip, with the reason the campaign shows (the sms module's rule for a number: its
 * country, its STOP, its month). The fan-out asks again, atomically, when it queues each text; this
 * is what staff see at once.
 */
async function skipReasonsFor(tx: Database, recipients: TextRecipient[], rules: TextRules & { month: string }): Promise<Map<string, string>> {
  const refusals = await numberRefusals(
    tx,
    recipients.map((recipient) => recipient.phone),
    rules,
  );
  return new Map([...refusals].map(([phone, reason]) => [phone, textRefusalWords(reason, rules.allowedCountries).label]));
}

/** How many of an audience will be texted, and how many skipped and why (before sending). */
export interface TextAudienceCounts {
  numbers: number;
  optedOut: number;
  atMonthlyLimit: number;
  /** Numbers outside SMS_ALLOWED_COUNTRIES. */
  outsideCountries: number;
}

export interface TextAudiences {
  community: TextAudienceCounts;
  /** `when`: the event's date and time at the venue, as the site writes them ('November 28th, 2026, 7:00 PM'). */
  events: (TextAudienceCounts & { eventId: string; title: string; startsAt: string; when: string; guests: number; leftOut: GuestsLeftOut })[];
  /** Whether it is within 10:00–20:00 at the venue now, and when a group send would start otherwise. */
  withinSendingHours: boolean;
  nextSendingTime: string;
}

/** What the group-text form shows about each audience, counted as a send now would count it. */
export async function describeTextAudiences(db: Database, options: TextRules & { timeZone: string; now?: Date }): Promise<TextAudiences> {
  const now = options.now ?? new Date();
  const withinSendingHours = isWithinSendingHours(now, options.timeZone);
  const start = nextSendingTime(now, options.timeZone);
  const month = smsMonthOf(start, options.timeZone);
  const counts = async (recipients: TextRecipient[]): Promise<TextAudienceCounts> => {
    const reasons = [
      ...(
        await numberRefusals(
          db,
          recipients.map((recipient) => recipient.phone),
          { month, allowedCountries: options.allowedCountries },
        )
      ).values(),
    ];
    return {
      numbers: recipients.length,
      optedOut: reasons.filter((reason) => reason === "opted-out").length,
      atMonthlyLimit: reasons.filter((reason) => reason === "monthly-limit").length,
      outsideCountries: reasons.filter((reason) => reason === "country-not-allowed").length,
    };
  };
  const community = await counts(await communityTextRecipients(db));
  const events = [];
  for (const { recipients, leftOutGuests: _names, ...event } of await listEventAudiences(db, now)) {
    events.push({ ...event, when: formatVenueDateTime(new Date(event.startsAt), options.timeZone), ...(await counts(recipients)) });
  }
  return { community, events, withinSendingHours, nextSendingTime: formatVenueTime(start, options.timeZone) };
}

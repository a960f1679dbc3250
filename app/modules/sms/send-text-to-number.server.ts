import { randomUUID } from "node:crypto";
import { communityNameForPhone } from "#app/modules/community/index.server";
import { directoryFirstNameForPhone } from "#app/modules/members/index.server";
import type { Database } from "#app/lib/db.server";
import type { Env } from "#app/lib/env.server";
import { consumeRateLimits } from "#app/modules/security/index.server";
import { recordActivity } from "#app/modules/activity/index.server";
import { messageDelivery } from "#app/modules/messaging/index.server";
import { queueText } from "./queue-text.server";
import { smsFormSchema } from "./sms-form";
import { isWithinSendingHours } from "./quiet-hours";
import { personaliseSms, smsMessages, toE164 } from "./sms-texts";
import { textEligibility } from "./text-eligibility.server";
import { can, notAllowed, type StaffMember } from "#app/modules/access";
import type { TextWake } from "./text-wake.server";

export type SendTextOutcome =
  | { ok: true; status: "sent"; sid: string; message: string; warning?: string }
  | { ok: true; status: "queued"; message: string; warning?: string }
  | { ok: false; message: string; fieldErrors?: Record<string, string>; reason?: "daily-limit" }
  | ReturnType<typeof notAllowed>;

export interface SendTextOptions {
  timeZone: string;
  /** Where single texts may go and how many one staff member may send in a day. */
  limits: Pick<Env, "SMS_ALLOWED_COUNTRIES" | "SMS_SINGLES_PER_STAFF_PER_DAY" | "RATE_LIMIT_MULTIPLIER">;
  now?: Date;
  /** How long to wait for the send before answering 'queued' (the text still goes out). */
  waitMilliseconds?: number;
  /** The form's one-time key: a resubmitted form finds its text instead of sending a second. */
  submissionKey?: string;
  /** Starts this instance's text sender once the text is queued. */
  wake: TextWake;
}

/**
 * Staff send one text to one number. It goes through the outbox like every text (opt-out list,
 * 4 a month, retries); the use case then waits a few seconds for Twilio's answer, so the form can
 * say 'SMS sent successfully! Message SID: …' as the spec does, or that it is queued for a retry.
 */
export async function sendTextToNumber(db: Database, actor: StaffMember, input: unknown, options: SendTextOptions): Promise<SendTextOutcome> {
  if (!can(actor, "send-communications")) return notAllowed();
  const parsed = smsFormSchema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
    return { ok: false, message: Object.values(fieldErrors)[0] ?? smsMessages.failed, fieldErrors };
  }
  const phone = toE164(parsed.data.phone);
  if (!phone) return { ok: false, message: smsMessages.phoneInvalid, fieldErrors: { phone: smsMessages.phoneInvalid } };
  const { limits } = options;
  // The one rule every text path asks (its country, STOP, consent): refused here with the reason
  // under the phone field, before the staff member's daily quota is spent. The month is counted when
  // the text is queued, so a resubmitted form finds its text rather than being refused as the 5th.
  const now = options.now ?? new Date();
  const eligibility = await textEligibility(db, phone, { allowedCountries: limits.SMS_ALLOWED_COUNTRIES, now });
  if (!eligibility.allowed) return { ok: false, message: eligibility.message, fieldErrors: { phone: eligibility.message } };
  const permission = eligibility.permission;
  // Per sender: a staff account (or its stolen session) cannot text the world at our expense.
  const quota = await consumeRateLimits(
    db,
    [{ key: `sms-single:staff:${actor.id}`, rule: { limit: limits.SMS_SINGLES_PER_STAFF_PER_DAY, windowSeconds: 86_400 } }],
    limits.RATE_LIMIT_MULTIPLIER,
  );
  if (!quota.allowed) {
    const limit = Math.round(limits.SMS_SINGLES_PER_STAFF_PER_DAY * limits.RATE_LIMIT_MULTIPLIER);
    return { ok: false, reason: "daily-limit", message: smsMessages.dailyLimit(limit, Math.ceil(quota.retryAfterSeconds / 3600)) };
  }

  const name = await nameForPhone(db, phone);
  const queued = await queueText(
    db,
    {
      to: phone,
      body: personaliseSms(parsed.data.message, name),
      kind: `sms-${parsed.data.campaign}`,
      idempotencyKey: `sms:single:${submissionKeyOf(options.submissionKey) ?? randomUUID()}`,
      meta: { campaign: parsed.data.campaign, sentBy: actor.email },
    },
    {
      timeZone: options.timeZone,
      now,
      allowedCountries: limits.SMS_ALLOWED_COUNTRIES,
      inTransaction: (tx, id) =>
        recordActivity(tx, actor, { kind: "sms.sent", subjectType: "phone", subjectId: id, subjectLabel: phone, after: { campaign: parsed.data.campaign } }),
    },
  );
  if (!queued.ok) return { ok: false, message: queued.message, fieldErrors: { phone: queued.message } };
  options.wake();
  const warnings = [permission === "reply" ? smsMessages.sentAsReply : "", isWithinSendingHours(now, options.timeZone) ? "" : smsMessages.quietHours].filter(Boolean);
  const warning = warnings.length > 0 ? warnings.join(" ") : undefined;

  const deadline = Date.now() + (options.waitMilliseconds ?? 8000);
  for (;;) {
    const row = await messageDelivery(db, queued.id);
    if (row?.status === "sent" && row.providerId) return { ok: true, status: "sent", sid: row.providerId, message: smsMessages.sent(row.providerId), warning };
    // Cancelled: the number was refused when its turn came (it replied STOP in between).
    if (row?.status === "failed" || row?.status === "cancelled") return { ok: false, message: `${smsMessages.failed}: ${row.lastError ?? "unknown reason"}` };
    if (Date.now() >= deadline) {
      const reason = row?.lastError ? ` (last attempt: ${row.lastError})` : "";
      return { ok: true, status: "queued", message: `The text is queued and will be sent as soon as Twilio takes it${reason}.`, warning };
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The form's key if it is one the form makes (a UUID); anything else is no key, and the text is new. */
function submissionKeyOf(key: string | undefined): string | undefined {
  return key && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(key) ? key.toLowerCase() : undefined;
}

/** The first name we know for a number (community list, then members' directory), for {name}. */
async function nameForPhone(db: Database, phone: string): Promise<string | null> {
  // Stored numbers are as people typed them: compared by their last ten digits.
  const signUpName = await communityNameForPhone(db, phone);
  if (signUpName) return signUpName;
  return directoryFirstNameForPhone(db, phone);
}

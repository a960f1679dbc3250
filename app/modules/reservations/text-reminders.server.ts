import type { EventRow, ReservationRow } from "#db/schema";
import { recordRefusedText } from "#app/modules/messaging/index.server";
import type { Database } from "#app/lib/db.server";
import { siteConfig } from "#app/lib/site-config";
import { eventPageUrl } from "#app/modules/events";
import { formatEventTime } from "#app/lib/event-dates";
import { nextSendingTime } from "#app/modules/sms";
import { queueText } from "#app/modules/sms/index.server";
import { hasSmsConsent, loadSmsConsent, type SmsConsent } from "#app/modules/sms/index.server";
import { personaliseSms, toE164 } from "#app/modules/sms";
import type { TextWake } from "#app/modules/sms/index.server";

/** One text reminder per reservation, whichever instance queues it and however often. */
export const textReminderKey = (reservationId: string) => `sms-reminder:${reservationId}:day-before`;

export interface TextReminderOptions {
  timeZone?: string;
  /** For the event's page in the text; left out without it. */
  publicUrl?: string;
  /** SMS_ALLOWED_COUNTRIES; its default, the venue's country, without it. */
  smsAllowedCountries?: readonly string[];
}

/**
 * The day-before reminder by text, for guests who gave SMS consent (their e-mail or phone matches
 * a community sign-up or a member's SMS consent) and a valid phone. It goes through `queueText`
 * like every text: it counts towards the 4 a month, and a refusal (a number outside
 * SMS_ALLOWED_COUNTRIES, opted out, limit reached) is logged once and kept as a failed outbox row under the reminder's key. Keyed per reservation, so it goes once across instances and restarts. Due
 * during quiet hours, it waits for 10:00 when that is still before the event.
 */
export async function queueTextReminders(
  db: Database,
  due: readonly { reservation: ReservationRow; event: EventRow }[],
  now: Date,
  wake: TextWake,
  options: TextReminderOptions = {},
): Promise<number> {
  const timeZone = options.timeZone ?? siteConfig.venue.timeZone;
  const withPhones = due.flatMap((entry) => {
    const phone = entry.reservation.phone ? toE164(entry.reservation.phone) : null;
    return phone ? [{ ...entry, phone }] : [];
  });
  if (withPhones.length === 0) return 0;
  let consent: SmsConsent | undefined;
  let queued = 0;
  for (const { reservation, event, phone } of withPhones) {
    consent ??= await loadSmsConsent(db);
    if (!hasSmsConsent(consent, { email: reservation.visitorEmail, phone })) continue;
    const morning = nextSendingTime(now, timeZone);
    const text = {
      to: phone,
      body: "",
      kind: "sms-reminder",
      idempotencyKey: textReminderKey(reservation.id),
      sendAt: morning > now && morning < event.startsAt ? morning : undefined,
      meta: { campaign: "event_reminder", reservationId: reservation.id },
    };
    const link = options.publicUrl ? ` ${eventPageUrl(event, options.publicUrl)}` : "";
    const place = event.location ? ` at ${event.location}` : "";
    text.body = personaliseSms(`Hi {name}, a reminder: ${event.title} is tomorrow, ${formatEventTime(event.startsAt, timeZone)}${place}.${link}`, reservation.visitorName);
    const outcome = await queueText(db, text, { timeZone, now, allowedCountries: options.smsAllowedCountries ?? [siteConfig.venue.country] });
    if (outcome.ok) {
      if (outcome.created) queued += 1;
      continue;
    }
    // The refusal is kept under the reminder's key, so the next passes neither try nor log it again.
    const recorded = await recordRefusedText(db, { ...text, to: phone }, outcome.message);
    if (recorded) console.log(`[reminders] text reminder for reservation ${reservation.id} not sent: ${outcome.message}`);
  }
  if (queued > 0) wake();
  return queued;
}

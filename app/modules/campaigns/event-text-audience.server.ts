import { normaliseEmailAddress } from "#app/lib/email-address";
import type { Database } from "#app/lib/db.server";
import { eventIdsWithGuests, eventGuestContacts } from "#app/modules/reservations/index.server";
import { eventsStartingAfter } from "#app/modules/events/index.server";
import { hasSmsConsent, loadSmsConsent, type SmsConsent, type TextRecipient } from "#app/modules/sms/index.server";
import { smsMessages, toE164 } from "#app/modules/sms";

/** Why guests of an event are left out of a group text (the page says how many of each). */
export interface GuestsLeftOut {
  noPhone: number;
  invalidPhone: number;
  noConsent: number;
}

export interface EventGuestAudience {
  /** Reservations of the event (cancelled ones are gone). */
  guests: number;
  recipients: TextRecipient[];
  leftOut: GuestsLeftOut;
  /** Who is left out and why, for a group text's review: 'Ada Lovelace (ada@example.com)'. */
  leftOutGuests: { label: string; reason: string }[];
}

/** Why a guest is left out of a group text, as its review says it. */
export const guestLeftOutReasons = {
  noPhone: "Gave no phone number",
  invalidPhone: "Phone is not a valid number",
  noConsent: smsMessages.skippedNoConsent,
} as const;

/**
 * The guests of one event who may be texted: a reservation with a valid phone whose e-mail or
 * phone matches an SMS consent (the sms module's `hasSmsConsent`). Two reservations with one
 * number give one recipient.
 */
export async function eventGuestAudience(db: Database, eventId: string, consent?: SmsConsent): Promise<EventGuestAudience> {
  const known = consent ?? (await loadSmsConsent(db));
  const rows = await eventGuestContacts(db, eventId);
  const leftOut: GuestsLeftOut = { noPhone: 0, invalidPhone: 0, noConsent: 0 };
  const leftOutGuests: EventGuestAudience["leftOutGuests"] = [];
  const leave = (row: { email: string | null; name: string }, why: keyof GuestsLeftOut) => {
    leftOut[why] += 1;
    // A guest added by hand may have no e-mail (decision 043): then the name alone.
    const label = row.email ? (row.name ? `${row.name} (${row.email})` : row.email) : row.name || "A guest without a name";
    leftOutGuests.push({ label, reason: guestLeftOutReasons[why] });
  };
  const byPhone = new Map<string, TextRecipient>();
  for (const row of rows) {
    if (!row.phone?.trim()) {
      leave(row, "noPhone");
      continue;
    }
    const phone = toE164(row.phone);
    if (!phone) {
      leave(row, "invalidPhone");
      continue;
    }
    if (!hasSmsConsent(known, { email: row.email, phone })) {
      leave(row, "noConsent");
      continue;
    }
    if (!byPhone.has(phone)) byPhone.set(phone, { phone, name: row.name, email: row.email ? normaliseEmailAddress(row.email) : null });
  }
  return { guests: rows.length, recipients: [...byPhone.values()], leftOut, leftOutGuests };
}

export interface EventAudienceSummary extends EventGuestAudience {
  eventId: string;
  title: string;
  startsAt: string;
}

/**
 * The events the group form offers (those with guests, from a week ago on, soonest first), each
 * with how many of its guests can be texted and why the others cannot.
 */
export async function listEventAudiences(db: Database, now: Date = new Date()): Promise<EventAudienceSummary[]> {
  const rows = await eventsStartingAfter(db, new Date(now.getTime() - 7 * 86_400_000), { among: eventIdsWithGuests(db), limit: 50 });
  const consent = await loadSmsConsent(db);
  const summaries: EventAudienceSummary[] = [];
  for (const row of rows) {
    const audience = await eventGuestAudience(db, row.id, consent);
    summaries.push({ eventId: row.id, title: row.title, startsAt: row.startsAt.toISOString(), ...audience });
  }
  return summaries;
}

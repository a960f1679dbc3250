import { and, asc, eq, gt, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import { community, events, reservations, smsEvents, userProfiles } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import { smsMessages, toE164 } from "./sms-texts";
import { normaliseEmailAddress } from "#app/lib/email-address";

/** A number a group text may go to, with the name {name} becomes. */
export interface TextRecipient {
  phone: string;
  name: string | null;
  email: string | null;
}

/**
 * Who gave SMS consent: every community sign-up that ticked the SMS box (`community.sms_consent_at`;
 * before docs/decisions/043 one box bundled it, and those sign-ups keep it), every member who
 * accepted an invitation with SMS consent (`user_profiles.sms_consent_at`), and every guest who
 * ticked the reservation form's SMS box (`reservations.sms_consent_at`, for the phone of that
 * reservation). Numbers are compared in E.164; e-mail addresses lower-cased.
 */
export interface SmsConsent {
  /** Consented numbers of the community list and the members' directory, with the first name we know for each (the directory first). */
  numbers: Map<string, TextRecipient>;
  emails: Set<string>;
  /**
   * Numbers guests agreed to be texted at on the reservation form: they reach the guest lists'
   * texts and reminders, and a single text, but they are not the community list's group.
   */
  guestNumbers: Set<string>;
}

export async function loadSmsConsent(db: Database): Promise<SmsConsent> {
  const profiles = await db
    .select({ email: userProfiles.email, phone: userProfiles.phone, firstName: userProfiles.firstName })
    .from(userProfiles)
    .where(isNotNull(userProfiles.smsConsentAt))
    .orderBy(asc(userProfiles.createdAt));
  const signUps = await db
    .select({ email: community.email, phone: community.phone, name: community.name })
    .from(community)
    .where(isNotNull(community.smsConsentAt))
    .orderBy(asc(community.createdAt));
  const guests = await db.selectDistinct({ phone: reservations.phone }).from(reservations).where(isNotNull(reservations.smsConsentAt));
  const guestNumbers = new Set(guests.flatMap((row) => (row.phone ? [toE164(row.phone)].filter((phone): phone is string => Boolean(phone)) : [])));
  const numbers = new Map<string, TextRecipient>();
  const emails = new Set<string>();
  const add = (email: string, phone: string | null, name: string | null) => {
    const address = normaliseEmailAddress(email);
    emails.add(address);
    const number = phone ? toE164(phone) : null;
    if (number && !numbers.has(number)) numbers.set(number, { phone: number, name: name?.trim() || null, email: address });
  };
  for (const row of profiles) add(row.email, row.phone, row.firstName);
  for (const row of signUps) add(row.email, row.phone, row.name);
  return { numbers, emails, guestNumbers };
}

export function hasSmsConsent(consent: SmsConsent, guest: { email: string | null; phone: string }): boolean {
  return (guest.email !== null && consent.emails.has(normaliseEmailAddress(guest.email))) || consent.numbers.has(guest.phone) || consent.guestNumbers.has(guest.phone);
}

/** Everyone on the community list (or members' directory) with SMS consent and a valid phone, each number once. */
export async function communityTextRecipients(db: Database): Promise<TextRecipient[]> {
  return [...(await loadSmsConsent(db)).numbers.values()];
}

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
 * phone matches an SMS consent. Two reservations with one number give one recipient.
 */
export async function eventGuestAudience(db: Database, eventId: string, consent?: SmsConsent): Promise<EventGuestAudience> {
  const known = consent ?? (await loadSmsConsent(db));
  const rows = await db
    .select({ email: reservations.visitorEmail, phone: reservations.phone, name: reservations.visitorName })
    .from(reservations)
    .where(eq(reservations.eventId, eventId))
    .orderBy(asc(reservations.createdAt));
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
    if (!byPhone.has(phone)) byPhone.set(phone, { phone, name: row.name, email: row.email === null ? null : normaliseEmailAddress(row.email) });
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
  const rows = await db
    .selectDistinct({ id: events.id, title: events.title, startsAt: events.startsAt })
    .from(events)
    .innerJoin(reservations, eq(reservations.eventId, events.id))
    .where(and(sql`${events.startsAt} > ${new Date(now.getTime() - 7 * 86_400_000).toISOString()}::timestamptz`))
    .orderBy(asc(events.startsAt))
    .limit(50);
  const consent = await loadSmsConsent(db);
  const summaries: EventAudienceSummary[] = [];
  for (const row of rows) {
    const audience = await eventGuestAudience(db, row.id, consent);
    summaries.push({ eventId: row.id, title: row.title, startsAt: row.startsAt.toISOString(), ...audience });
  }
  return summaries;
}

/**
 * A stored phone (as the person typed it) whose last ten digits are those of `phone` (E.164): the
 * database's narrowing; callers that must be exact compare the rows in E.164 afterwards.
 */
export function storedPhoneMatches(column: typeof community.phone | typeof userProfiles.phone | typeof reservations.phone, phone: string) {
  const national = phone.replace(/\D/g, "").slice(-10);
  return sql`right(regexp_replace(coalesce(${column}, ''), '[^0-9]', '', 'g'), 10) = ${national}`;
}

/** How long after a person's own text staff may answer a number that gave no SMS consent. */
export const REPLY_WINDOW_HOURS = 24;

/**
 * Whether staff may text one number by hand: `consent` when a community sign-up or a member's
 * profile with SMS consent has it; `reply` when it has no consent but wrote to us (any text but
 * STOP) within the last day, so staff may answer that person; null otherwise (refused). A guest's
 * SMS box on the reservation form is consent for that reservation's phone.
 */
export async function smsPermissionFor(db: Database, phone: string, now: Date = new Date()): Promise<"consent" | "reply" | null> {
  // Narrowed by the last ten digits in the database, then compared in E.164.
  const signUps = await db
    .select({ phone: community.phone })
    .from(community)
    .where(and(isNotNull(community.smsConsentAt), storedPhoneMatches(community.phone, phone)));
  const profiles = await db
    .select({ phone: userProfiles.phone })
    .from(userProfiles)
    .where(and(isNotNull(userProfiles.smsConsentAt), storedPhoneMatches(userProfiles.phone, phone)));
  const guests = await db
    .select({ phone: reservations.phone })
    .from(reservations)
    .where(and(isNotNull(reservations.smsConsentAt), storedPhoneMatches(reservations.phone, phone)));
  if ([...signUps, ...profiles, ...guests].some((row) => row.phone && toE164(row.phone) === phone)) return "consent";
  const since = new Date(now.getTime() - REPLY_WINDOW_HOURS * 3_600_000);
  const [wrote] = await db
    .select({ sid: smsEvents.messageSid })
    .from(smsEvents)
    .where(and(eq(smsEvents.phone, phone), gt(smsEvents.receivedAt, since), or(isNull(smsEvents.keyword), inArray(smsEvents.keyword, ["start", "help"]))))
    .limit(1);
  return wrote ? "reply" : null;
}

import { and, eq, gt, inArray, isNotNull, isNull, or } from "drizzle-orm";
import { reservations, smsEvents } from "#db/schema";
import { normaliseEmailAddress } from "#app/lib/email-address";
import type { Database } from "#app/lib/db.server";
import { storedPhoneMatches } from "#app/lib/stored-phone.server";
import { communityConsentedPhonesLike, communityTextConsents } from "#app/modules/community/index.server";
import { directoryConsentedPhonesLike, directoryTextConsents } from "#app/modules/members/index.server";
import { toE164 } from "./sms-texts";

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
  const profiles = await directoryTextConsents(db);
  const signUps = await communityTextConsents(db);
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
  const signUps = await communityConsentedPhonesLike(db, phone);
  const profiles = await directoryConsentedPhonesLike(db, phone);
  // Guests' consent stays read here: reservations imports this module (its reminders), so asking
  // its door back would close a module circle.
  const guests = await db
    .select({ phone: reservations.phone })
    .from(reservations)
    .where(and(isNotNull(reservations.smsConsentAt), storedPhoneMatches(reservations.phone, phone)));
  if ([...signUps, ...profiles, ...guests.map((row) => row.phone)].some((stored) => stored && toE164(stored) === phone)) return "consent";
  const since = new Date(now.getTime() - REPLY_WINDOW_HOURS * 3_600_000);
  const [wrote] = await db
    .select({ sid: smsEvents.messageSid })
    .from(smsEvents)
    .where(and(eq(smsEvents.phone, phone), gt(smsEvents.receivedAt, since), or(isNull(smsEvents.keyword), inArray(smsEvents.keyword, ["start", "help"]))))
    .limit(1);
  return wrote ? "reply" : null;
}

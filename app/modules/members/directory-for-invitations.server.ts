import { sql } from "drizzle-orm";
import { user, userProfiles } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import { yieldToEventLoop } from "#app/lib/event-loop";

// What invitations read and write of the members' tables (accounts and the member directory), so
// that no other module reads those tables itself.

/**
 * Which of some lower-cased addresses are members already: an account (user) or a member directory
 * row, compared case-insensitively. Sent as one JSON parameter (a thousand bound parameters took
 * the embedded database five times longer than one), other requests getting a turn before each
 * query since the embedded database runs in this thread.
 */
export async function memberAddressesAmong(db: Database, emails: readonly string[]): Promise<Set<string>> {
  const chunk = sql`(select jsonb_array_elements_text(${JSON.stringify(emails)}::jsonb))`;
  await yieldToEventLoop();
  const users = await db.select({ email: sql<string>`lower(${user.email})` }).from(user).where(sql`lower(${user.email}) in ${chunk}`);
  await yieldToEventLoop();
  const profiles = await db
    .select({ email: sql<string>`lower(${userProfiles.email})` })
    .from(userProfiles)
    .where(sql`lower(${userProfiles.email}) in ${chunk}`);
  return new Set([...users, ...profiles].map((row) => row.email));
}

/**
 * A subquery of the member directory's contact details by lower-cased address (`address`, `phone`,
 * `interests`), for a list that shows them beside its own rows in one statement (a left join on
 * `address`; the directory has one row per address).
 */
export function directoryContactsByAddress(db: Database) {
  return db
    .select({ address: sql<string>`lower(${userProfiles.email})`.as("address"), phone: userProfiles.phone, interests: userProfiles.interests })
    .from(userProfiles)
    .as("directory_contacts");
}

/** What an invitee gives when accepting, kept in their member directory row. */
export interface InviteeDetails {
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  city: string | null;
  state: string | null;
  interests: readonly string[];
  communicationPreference: string;
  discoveryMethod: string | null;
  emailUpdates: boolean;
  /** Whether the texts box was ticked (for `phone`). */
  smsConsent: boolean;
}

/**
 * Writes (or overwrites) the invitee's member directory row at `at`, in the caller's transaction.
 * An unticked texts box withdraws nothing given before for the same number (docs/decisions/043); a
 * consent given for another number does not carry over to a new one. The directory is keyed by
 * lower(email), an expression drizzle's upsert cannot target.
 */
export async function keepInviteeInDirectory(tx: Database, invitee: InviteeDetails, at: Date): Promise<void> {
  const when = at.toISOString();
  const smsConsentAt = invitee.smsConsent ? when : null;
  await tx.execute(sql`
    insert into user_profiles (email, first_name, last_name, phone, city, state, interests, communication_preference,
      discovery_method, email_updates, sms_consent_at, terms_accepted_at)
    values (${invitee.email}, ${invitee.firstName}, ${invitee.lastName}, ${invitee.phone}, ${invitee.city}, ${invitee.state},
      ${JSON.stringify(invitee.interests)}::jsonb, ${invitee.communicationPreference}, ${invitee.discoveryMethod},
      ${invitee.emailUpdates}, ${smsConsentAt}::timestamptz, ${when}::timestamptz)
    on conflict (lower(email)) do update set
      first_name = excluded.first_name, last_name = excluded.last_name, phone = excluded.phone, city = excluded.city,
      state = excluded.state, interests = excluded.interests, communication_preference = excluded.communication_preference,
      discovery_method = excluded.discovery_method, email_updates = excluded.email_updates,
      sms_consent_at = case when excluded.sms_consent_at is not null then excluded.sms_consent_at
                            when excluded.phone is not distinct from user_profiles.phone then user_profiles.sms_consent_at end,
      terms_accepted_at = excluded.terms_accepted_at, updated_at = ${when}::timestamptz`);
}

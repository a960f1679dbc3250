import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import { normaliseEmailAddress } from "#app/lib/email-address";
import { userProfiles } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import { storedPhoneMatches } from "#app/lib/stored-phone.server";

// The SMS side of the member directory (an invitation's texts box, the profile's), read and
// changed here for the sms module, which decides who may be texted.

const byAddress = (email: string) => eq(sql`lower(${userProfiles.email})`, normaliseEmailAddress(email));

/** Every directory row with SMS consent, oldest first: address, phone as typed, and first name. */
export async function directoryTextConsents(db: Database): Promise<{ email: string; phone: string | null; firstName: string | null }[]> {
  return db
    .select({ email: userProfiles.email, phone: userProfiles.phone, firstName: userProfiles.firstName })
    .from(userProfiles)
    .where(isNotNull(userProfiles.smsConsentAt))
    .orderBy(asc(userProfiles.createdAt));
}

/** The phones (as typed) of directory rows with SMS consent whose last ten digits are those of `phone` (E.164); compare them exactly yourself. */
export async function directoryConsentedPhonesLike(db: Database, phone: string): Promise<(string | null)[]> {
  const rows = await db
    .select({ phone: userProfiles.phone })
    .from(userProfiles)
    .where(and(isNotNull(userProfiles.smsConsentAt), storedPhoneMatches(userProfiles.phone, phone)));
  return rows.map((row) => row.phone);
}

/** The first name of a directory row whose phone has the last ten digits of `phone` (E.164), if any. */
export async function directoryFirstNameForPhone(db: Database, phone: string): Promise<string | null> {
  const [row] = await db.select({ name: userProfiles.firstName }).from(userProfiles).where(storedPhoneMatches(userProfiles.phone, phone)).limit(1);
  return row?.name ?? null;
}

/** The directory's phone for the address and when it agreed to texts (null: it did not); undefined without a directory row. */
export async function directoryTextConsentOf(db: Database, email: string): Promise<{ phone: string | null; agreedAt: Date | null } | undefined> {
  const [row] = await db.select({ phone: userProfiles.phone, agreedAt: userProfiles.smsConsentAt }).from(userProfiles).where(byAddress(email));
  return row;
}

/** Withdraws the SMS consent of the address's directory row, in the caller's transaction. */
export async function withdrawDirectoryTextConsent(tx: Database, email: string): Promise<void> {
  await tx.update(userProfiles).set({ smsConsentAt: null }).where(and(byAddress(email), isNotNull(userProfiles.smsConsentAt)));
}

/**
 * Keeps the member's SMS consent for `phone` given at `at` in their directory row (made when they
 * have none), in the caller's transaction. The directory is keyed by lower(email), an expression
 * drizzle's upsert cannot target.
 */
export async function giveDirectoryTextConsent(tx: Database, consent: { email: string; phone: string; at: Date }): Promise<void> {
  await tx.execute(sql`
    insert into user_profiles (email, phone, sms_consent_at) values (${consent.email}, ${consent.phone}, ${consent.at.toISOString()}::timestamptz)
    on conflict (lower(email)) do update set phone = excluded.phone, sms_consent_at = excluded.sms_consent_at, updated_at = excluded.sms_consent_at`);
}

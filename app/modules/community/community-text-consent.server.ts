import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import { normaliseEmailAddress } from "#app/lib/email-address";
import { community } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import { storedPhoneMatches } from "#app/lib/stored-phone.server";

// The SMS side of the community list (the form's texts box, docs/decisions/043), read and withdrawn
// here for the sms module, which decides who may be texted.

const byAddress = (email: string) => eq(sql`lower(${community.email})`, normaliseEmailAddress(email));

/** Every sign-up that ticked the SMS box, oldest first: address, phone as typed, and name. */
export async function communityTextConsents(db: Database): Promise<{ email: string; phone: string | null; name: string }[]> {
  return db
    .select({ email: community.email, phone: community.phone, name: community.name })
    .from(community)
    .where(isNotNull(community.smsConsentAt))
    .orderBy(asc(community.createdAt));
}

/** The phones (as typed) of sign-ups with SMS consent whose last ten digits are those of `phone` (E.164); compare them exactly yourself. */
export async function communityConsentedPhonesLike(db: Database, phone: string): Promise<(string | null)[]> {
  const rows = await db
    .select({ phone: community.phone })
    .from(community)
    .where(and(isNotNull(community.smsConsentAt), storedPhoneMatches(community.phone, phone)));
  return rows.map((row) => row.phone);
}

/** The name of a sign-up whose phone has the last ten digits of `phone` (E.164), if any. */
export async function communityNameForPhone(db: Database, phone: string): Promise<string | null> {
  const [row] = await db.select({ name: community.name }).from(community).where(storedPhoneMatches(community.phone, phone)).limit(1);
  return row?.name ?? null;
}

/** The sign-up's phone and when it agreed to texts (null: it did not), by address; undefined when the address is not on the list. */
export async function communityTextConsentOf(db: Database, email: string): Promise<{ phone: string | null; agreedAt: Date | null } | undefined> {
  const [row] = await db.select({ phone: community.phone, agreedAt: community.smsConsentAt }).from(community).where(byAddress(email));
  return row;
}

/** Withdraws the SMS consent of the address's sign-up, in the caller's transaction. */
export async function withdrawCommunityTextConsent(tx: Database, email: string): Promise<void> {
  await tx.update(community).set({ smsConsentAt: null }).where(and(byAddress(email), isNotNull(community.smsConsentAt)));
}

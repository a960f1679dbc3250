import { sql } from "drizzle-orm";
import { newsletter } from "#db/schema";
import { normaliseEmailAddress } from "#app/lib/email-address";
import type { Database } from "#app/lib/db.server";
import { isUnsubscribed, recordConsents, resubscribeAddress, unsubscribeAddress } from "#app/modules/consent/index.server";
import { emailPreferencesSchema, memberDataMessages, type EmailPreferences } from "#app/modules/members";

// A signed-in member's own e-mail preferences (the profile page): here, beside the newsletter list
// they switch, since members is below this module (joining the community asks it for sign-in links).

export interface PreferenceOwner {
  id: string;
  email: string;
}

/** Whether the member is on the newsletter list and receives campaigns (no unsubscribe kept for them). */
export async function getEmailPreferences(db: Database, owner: PreferenceOwner): Promise<EmailPreferences> {
  const email = normaliseEmailAddress(owner.email);
  const subscribed = await db
    .select({ id: newsletter.id })
    .from(newsletter)
    .where(sql`lower(${newsletter.email}) = ${email}`)
    .limit(1);
  return { newsletter: subscribed.length > 0, campaigns: !(await isUnsubscribed(db, email)) };
}

export type SetEmailPreferencesOutcome =
  | { ok: true; message: string; preferences: EmailPreferences; changed: (keyof EmailPreferences)[] }
  | { ok: false; message: string };

/**
 * Applies the member's own e-mail preferences in one transaction: the newsletter row added or
 * removed; campaigns switched off through the campaigns module's unsubscribe (its unsent bulk mail
 * cancelled), and back on only by this explicit choice. Each change is recorded as a consent given
 * or withdrawn; an unchanged preference records nothing.
 */
export async function setEmailPreferences(db: Database, owner: PreferenceOwner, input: unknown): Promise<SetEmailPreferencesOutcome> {
  const parsed = emailPreferencesSchema.safeParse(input);
  if (!parsed.success) return { ok: false, message: memberDataMessages.preferencesFailed };
  const wanted = parsed.data;
  const email = normaliseEmailAddress(owner.email);
  const changed = await db.transaction(async (tx) => {
    // One change at a time per member: two tabs saving at once must not both insert the newsletter row.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`email-preferences:${email}`}))`);
    const current = await getEmailPreferences(tx, owner);
    const changes: (keyof EmailPreferences)[] = [];
    if (wanted.newsletter !== current.newsletter) {
      if (wanted.newsletter) await tx.insert(newsletter).values({ email }).onConflictDoNothing();
      else await tx.delete(newsletter).where(sql`lower(${newsletter.email}) = ${email}`);
      changes.push("newsletter");
    }
    if (wanted.campaigns !== current.campaigns) {
      if (wanted.campaigns) await resubscribeAddress(tx, email);
      else await unsubscribeAddress(tx, { email, source: "profile" });
      changes.push("campaigns");
    }
    await recordConsents(tx, {
      email,
      userId: owner.id,
      source: "profile",
      answers: Object.fromEntries(changes.map((key) => [key, wanted[key]])),
    });
    return changes;
  });
  return { ok: true, message: memberDataMessages.preferencesSaved, preferences: wanted, changed };
}

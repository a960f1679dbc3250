import { eq, sql } from "drizzle-orm";
import { unsubscribes, unsubscribeTokens } from "#db/schema";
import { cancelBulkMailTo } from "#app/modules/messaging/index.server";
import type { Database } from "#app/lib/db.server";
import { distinctEmailAddresses, type EmailAddress, normaliseEmailAddress } from "#app/lib/email-address";
import { hashToken } from "#app/lib/tokens.server";

export type UnsubscribeSource = "one-click" | "link" | "profile" | "account-deleted" | "sign-up" | "complaint";

export interface UnsubscribeTarget {
  email: string;
  /** The campaign whose e-mail held the link; null for bulk mail outside a campaign (an invitation). */
  campaignId: string | null;
  unsubscribed: boolean;
}

/**
 * Whose unsubscribe token of bulk mail outside a campaign (an invitation) this is, and whether they
 * are unsubscribed now; null for a token not kept here. A campaign's tokens are on its recipient
 * rows: the campaigns module reads those first and asks here for the others.
 */
export async function findUnsubscribeTokenTarget(db: Database, token: string): Promise<UnsubscribeTarget | null> {
  if (!token) return null;
  const [row] = await db
    .select({ email: unsubscribeTokens.email, unsubscribedAt: unsubscribes.createdAt })
    .from(unsubscribeTokens)
    .leftJoin(unsubscribes, eq(unsubscribes.email, unsubscribeTokens.email))
    .where(eq(unsubscribeTokens.tokenHash, hashToken(token)));
  return row ? { email: row.email, campaignId: null, unsubscribed: row.unsubscribedAt !== null } : null;
}

/**
 * Records `email` as unsubscribed (kept if it already was) and cancels its bulk messages (campaign
 * e-mails, invitations) that no sender has claimed yet, whatever their spelling of the address;
 * transactional mail is not touched. Run it inside the caller's transaction.
 */
export async function unsubscribeAddress(tx: Database, who: { email: string; source: UnsubscribeSource; campaignId?: string | null }): Promise<void> {
  const email = normaliseEmailAddress(who.email);
  await tx.insert(unsubscribes).values({ email, source: who.source, campaignId: who.campaignId ?? null }).onConflictDoNothing();
  await cancelBulkMailTo(tx, email, "Unsubscribed");
}

/** Takes `email` off the unsubscribed list: only for the person's own explicit re-subscribe. */
export async function resubscribeAddress(tx: Database, email: string): Promise<void> {
  await tx.delete(unsubscribes).where(eq(unsubscribes.email, normaliseEmailAddress(email)));
}

/** Whether `email` is on the unsubscribed list. */
export async function isUnsubscribed(db: Database, email: string): Promise<boolean> {
  return (await unsubscribedAmong(db, [email])).size > 0;
}

/**
 * Which of `addresses` are on the unsubscribed list, normalised (docs/decisions/061): the one
 * question every sender of bulk mail asks before writing or sending it.
 */
export async function unsubscribedAmong(db: Database, addresses: Iterable<string>): Promise<Set<EmailAddress>> {
  const wanted = distinctEmailAddresses(addresses);
  const found = new Set<EmailAddress>();
  // 1,000 at a time, each chunk one JSON parameter: a thousand bound parameters are slow on the embedded database.
  for (let start = 0; start < wanted.length; start += 1000) {
    const chunk = JSON.stringify(wanted.slice(start, start + 1000));
    const rows = await db
      .select({ email: unsubscribes.email })
      .from(unsubscribes)
      .where(sql`${unsubscribes.email} in (select jsonb_array_elements_text(${chunk}::jsonb))`);
    for (const row of rows) found.add(row.email as EmailAddress);
  }
  return found;
}

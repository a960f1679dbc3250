import { and, eq } from "drizzle-orm";
import { campaignRecipients, outbox, unsubscribes, unsubscribeTokens } from "#db/schema";
import { cancelMessages, priorityRank } from "#app/modules/messaging/index.server";
import type { Database } from "#app/lib/db.server";
import { hashToken } from "#app/lib/tokens.server";

export type UnsubscribeSource = "one-click" | "link" | "profile" | "account-deleted" | "sign-up" | "complaint";

export interface UnsubscribeTarget {
  email: string;
  /** The campaign whose e-mail held the link; null for bulk mail outside a campaign (an invitation). */
  campaignId: string | null;
  unsubscribed: boolean;
}

/** Whose unsubscribe token this is, and whether they are unsubscribed now; null for an unknown token. */
export async function findUnsubscribeTarget(db: Database, token: string): Promise<UnsubscribeTarget | null> {
  if (!token) return null;
  const [row] = await db
    .select({ email: campaignRecipients.email, campaignId: campaignRecipients.campaignId, unsubscribedAt: unsubscribes.createdAt })
    .from(campaignRecipients)
    .leftJoin(unsubscribes, eq(unsubscribes.email, campaignRecipients.email))
    .where(eq(campaignRecipients.unsubscribeTokenHash, hashToken(token)));
  // Only e-mail recipients have unsubscribe tokens, so a found token always has its address.
  if (row?.email) return { email: row.email, campaignId: row.campaignId, unsubscribed: row.unsubscribedAt !== null };
  const [other] = await db
    .select({ email: unsubscribeTokens.email, unsubscribedAt: unsubscribes.createdAt })
    .from(unsubscribeTokens)
    .leftJoin(unsubscribes, eq(unsubscribes.email, unsubscribeTokens.email))
    .where(eq(unsubscribeTokens.tokenHash, hashToken(token)));
  return other ? { email: other.email, campaignId: null, unsubscribed: other.unsubscribedAt !== null } : null;
}

/**
 * Unsubscribes the token's address at once: recorded (kept if it already was), and any bulk
 * message to it not yet claimed by a sender is cancelled. Transactional mail is not touched.
 */
export async function unsubscribe(db: Database, token: string, source: UnsubscribeSource): Promise<UnsubscribeTarget | null> {
  const target = await findUnsubscribeTarget(db, token);
  if (!target) return null;
  await db.transaction((tx) => unsubscribeAddress(tx, { email: target.email, source, campaignId: target.campaignId }));
  return { ...target, unsubscribed: true };
}

/**
 * Records `email` as unsubscribed (kept if it already was) and cancels its bulk messages (campaign
 * e-mails, invitations) that no sender has claimed yet; transactional mail is not touched. Run it
 * inside the caller's transaction.
 */
export async function unsubscribeAddress(tx: Database, who: { email: string; source: UnsubscribeSource; campaignId?: string | null }): Promise<void> {
  const email = who.email.trim().toLowerCase();
  await tx.insert(unsubscribes).values({ email, source: who.source, campaignId: who.campaignId ?? null }).onConflictDoNothing();
  await cancelMessages(tx, and(eq(outbox.recipient, email), eq(outbox.priority, priorityRank.bulk))!, "Unsubscribed");
}

/** Takes `email` off the unsubscribed list: only for the person's own explicit re-subscribe. */
export async function resubscribeAddress(tx: Database, email: string): Promise<void> {
  await tx.delete(unsubscribes).where(eq(unsubscribes.email, email.trim().toLowerCase()));
}

/** Whether `email` is on the unsubscribed list. */
export async function isUnsubscribed(db: Database, email: string): Promise<boolean> {
  const rows = await db.select({ email: unsubscribes.email }).from(unsubscribes).where(eq(unsubscribes.email, email.trim().toLowerCase()));
  return rows.length > 0;
}

/** The only way back onto the list: the person presses re-subscribe on the unsubscribe page. */
export async function resubscribe(db: Database, token: string): Promise<UnsubscribeTarget | null> {
  const target = await findUnsubscribeTarget(db, token);
  if (!target) return null;
  await resubscribeAddress(db, target.email);
  return { ...target, unsubscribed: false };
}

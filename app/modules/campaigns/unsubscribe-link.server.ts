import { eq } from "drizzle-orm";
import { campaignRecipients } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import { hashToken } from "#app/lib/tokens.server";
import {
  findUnsubscribeTokenTarget,
  isUnsubscribed,
  resubscribeAddress,
  type UnsubscribeSource,
  type UnsubscribeTarget,
  unsubscribeAddress,
} from "#app/modules/consent/index.server";

// The unsubscribe link of bulk mail (unsubscribeUrl): a campaign e-mail's token is on its recipient
// row here; any other (an invitation's) is consent's. The unsubscribed list itself is consent's.

/** Whose unsubscribe link this is, and whether they are unsubscribed now; null for an unknown token. */
export async function findUnsubscribeTarget(db: Database, token: string): Promise<UnsubscribeTarget | null> {
  if (!token) return null;
  const [row] = await db
    .select({ email: campaignRecipients.email, campaignId: campaignRecipients.campaignId })
    .from(campaignRecipients)
    .where(eq(campaignRecipients.unsubscribeTokenHash, hashToken(token)));
  // Only e-mail recipients have unsubscribe tokens, so a found token always has its address.
  if (row?.email) return { email: row.email, campaignId: row.campaignId, unsubscribed: await isUnsubscribed(db, row.email) };
  return findUnsubscribeTokenTarget(db, token);
}

/**
 * Unsubscribes the link's address at once: recorded (kept if it already was), and any bulk
 * message to it not yet claimed by a sender is cancelled. Transactional mail is not touched.
 */
export async function unsubscribe(db: Database, token: string, source: UnsubscribeSource): Promise<UnsubscribeTarget | null> {
  const target = await findUnsubscribeTarget(db, token);
  if (!target) return null;
  await db.transaction((tx) => unsubscribeAddress(tx, { email: target.email, source, campaignId: target.campaignId }));
  return { ...target, unsubscribed: true };
}

/** The only way back onto the list: the person presses re-subscribe on the unsubscribe page. */
export async function resubscribe(db: Database, token: string): Promise<UnsubscribeTarget | null> {
  const target = await findUnsubscribeTarget(db, token);
  if (!target) return null;
  await resubscribeAddress(db, target.email);
  return { ...target, unsubscribed: false };
}

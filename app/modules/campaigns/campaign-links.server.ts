import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { campaignRecipients, campaigns } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import { grantMusicAccess } from "#app/modules/music/index.server";
import { hashToken } from "#app/lib/tokens.server";

export type CampaignLinkState = "usable" | "used" | "expired" | "unknown";

/** What a link's page shows before anything is pressed: reads only, so a scanner's GET changes nothing. */
export async function campaignLinkState(db: Database, token: string): Promise<CampaignLinkState> {
  if (!token) return "unknown";
  const [row] = await db
    .select({ clickedAt: campaignRecipients.clickedAt, expiresAt: campaignRecipients.linkExpiresAt })
    .from(campaignRecipients)
    .where(eq(campaignRecipients.linkTokenHash, hashToken(token)));
  if (!row) return "unknown";
  if (row.clickedAt) return "used";
  if (!row.expiresAt || row.expiresAt.getTime() <= Date.now()) return "expired";
  return "usable";
}

export interface UsedCampaignLink {
  recipientId: string;
  email: string;
  name: string | null;
  /** The campaign name for ?campaign=, so the listening that follows is attributed. */
  campaign: string;
}

/**
 * Uses a personal link: one conditional update, so of two presses (or two instances) only one
 * wins, and only before it expires. The click is counted here, never on the page's GET. A campaign
 * that grants music access gives it to the person now (docs/decisions/042), so the music page they
 * land on plays what the message promised.
 */
export async function redeemCampaignLink(db: Database, token: string): Promise<UsedCampaignLink | null> {
  if (!token) return null;
  const [used] = await db
    .update(campaignRecipients)
    .set({ clickedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(campaignRecipients.linkTokenHash, hashToken(token)),
        isNull(campaignRecipients.clickedAt),
        gt(campaignRecipients.linkExpiresAt, sql`now()`),
      ),
    )
    .returning({ recipientId: campaignRecipients.id, email: campaignRecipients.email, name: campaignRecipients.name, campaignId: campaignRecipients.campaignId });
  // Only e-mail recipients have links, so a used link always has its address.
  if (!used?.email) return null;
  const [campaign] = await db.select({ tag: campaigns.tag, grantsMusicAccess: campaigns.grantsMusicAccess }).from(campaigns).where(eq(campaigns.id, used.campaignId));
  if (campaign?.grantsMusicAccess) await grantMusicAccess(db, { email: used.email, source: "campaign" });
  return { recipientId: used.recipientId, email: used.email, name: used.name, campaign: campaign?.tag ?? "" };
}

/** The member page a campaign link leads to, carrying rid (the recipient) and campaign for attribution. */
export function campaignLandingPath(link: Pick<UsedCampaignLink, "recipientId" | "campaign">): string {
  const query = new URLSearchParams({ rid: link.recipientId, campaign: link.campaign });
  return `/meditation?${query.toString()}`;
}

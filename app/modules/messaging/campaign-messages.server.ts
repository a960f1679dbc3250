import { and, eq, gt, inArray, sql } from "drizzle-orm";
import { outbox } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import { cancelMessages } from "./outbox.server";

/** Cancels a campaign's messages no sender holds yet (pending or held); returns their ids. */
export async function cancelCampaignMessages(tx: Database, campaignId: string, reason: string): Promise<string[]> {
  return cancelMessages(tx, eq(outbox.campaignId, campaignId), reason);
}

/**
 * Each message's sending time, as a subquery to left-join on a message id column (`id`, `sentAt`):
 * PostgreSQL flattens it, so the join costs what a join on the outbox itself does.
 */
export function messageSendTimes(db: Database) {
  return db.select({ id: outbox.id, sentAt: outbox.sentAt }).from(outbox).as("message_send_times");
}

/** How many messages each of `campaignIds` sent in the last `windowSeconds` (campaigns that sent none are absent). */
export async function sentLatelyByCampaign(db: Database, campaignIds: string[], windowSeconds: number): Promise<Map<string, number>> {
  if (campaignIds.length === 0) return new Map();
  const rows = await db
    .select({ campaignId: outbox.campaignId, sent: sql<number>`count(*)`.mapWith(Number) })
    .from(outbox)
    .where(
      and(
        inArray(outbox.campaignId, campaignIds),
        eq(outbox.status, "sent"),
        gt(outbox.sentAt, sql`now() - make_interval(secs => ${windowSeconds})`),
      ),
    )
    .groupBy(outbox.campaignId);
  return new Map(rows.flatMap((row) => (row.campaignId ? [[row.campaignId, row.sent] as const] : [])));
}

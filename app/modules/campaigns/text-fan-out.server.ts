import { and, eq, isNull, sql } from "drizzle-orm";
import { campaignRecipients, campaigns, type Campaign } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import { siteConfig } from "#app/lib/site-config";
import { queueTextIn, type TextRules } from "#app/modules/sms/index.server";
import { personaliseSms, textRefusalWords } from "#app/modules/sms";
import type { TextWake } from "#app/modules/sms/index.server";

/** The key of a recipient's message (the same as an e-mail campaign's): one text per recipient, ever. */
const textKey = (campaignId: string, recipientId: string) => `campaign:${campaignId}:${recipientId}`;

/**
 * The fan-out of a group text: like an e-mail campaign's (docs/decisions/024), each transaction
 * takes a batch of waiting recipients, queues their texts through the sms module's rules (the
 * number's country, opt-out, 4 a month counted atomically) and records on each recipient either its outbox message or why
 * it was skipped, so a crash resumes with exactly the recipients not yet handled.
 */
export async function fanOutTextCampaign(
  db: Database,
  campaign: Campaign,
  options: TextRules & { timeZone?: string; batchSize?: number; now?: Date; wake: TextWake },
): Promise<number> {
  const timeZone = options.timeZone ?? siteConfig.venue.timeZone;
  const batchSize = options.batchSize ?? 100;
  let total = 0;
  for (;;) {
    const written = await db.transaction(async (tx) => {
      const [current] = await tx.select({ status: campaigns.status }).from(campaigns).where(eq(campaigns.id, campaign.id)).for("share");
      if (current?.status !== "sending") return 0;
      const batch = await tx
        .select({ id: campaignRecipients.id, phone: campaignRecipients.phone, name: campaignRecipients.name })
        .from(campaignRecipients)
        .where(and(eq(campaignRecipients.campaignId, campaign.id), eq(campaignRecipients.status, "queued"), isNull(campaignRecipients.outboxMessageId)))
        .orderBy(campaignRecipients.id)
        .limit(batchSize)
        .for("update", { skipLocked: true });
      for (const recipient of batch) {
        const queued = await queueTextIn(
          tx,
          {
            to: recipient.phone!,
            body: personaliseSms(campaign.bodyMarkdown, recipient.name),
            kind: `sms-${campaign.tag}`,
            idempotencyKey: textKey(campaign.id, recipient.id),
            priority: "bulk",
            campaignId: campaign.id,
            meta: { campaign: campaign.tag },
          },
          { timeZone, now: options.now, allowedCountries: options.allowedCountries },
        );
        await tx
          .update(campaignRecipients)
          .set(
            queued.ok
              ? { outboxMessageId: queued.id, updatedAt: sql`now()` }
              : { status: "skipped", lastError: textRefusalWords(queued.reason, options.allowedCountries).label, updatedAt: sql`now()` },
          )
          .where(eq(campaignRecipients.id, recipient.id));
      }
      return batch.length;
    });
    if (written === 0) break;
    total += written;
    // Committed: the text sender may start on this batch while the next one is written.
    options.wake();
  }
  return total;
}

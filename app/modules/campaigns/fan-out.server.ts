import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { campaignRecipients, campaigns } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import { queueEmailBatch, type QueuedEmail } from "#app/modules/messaging/index.server";
import type { OutboxWake } from "#app/modules/messaging/index.server";
import type { TextWake } from "#app/modules/sms/index.server";
import { personalise, renderCampaignTemplate } from "./render-campaign-email.server";
import { settleCampaign } from "./campaign-progress.server";
import { newToken } from "#app/lib/tokens.server";
import { unsubscribedAmong } from "#app/modules/consent/index.server";
import { fanOutTextCampaign } from "./text-fan-out.server";
import { campaignLinkUrl, COMMUNITY_MAGIC_LINKS, plainLinkOf, unsubscribeUrl } from "./campaign-kinds.server";

export interface FanOutOptions {
  publicUrl: string;
  /** Days a personal sign-in link works (CAMPAIGN_LINK_DAYS). */
  linkDays: number;
  /** Recipients turned into outbox messages per transaction. */
  batchSize?: number;
  /** The venue's time zone, for group texts (the month a text counts towards); the site's by default. */
  timeZone?: string;
  /** The clock a group text's month is counted by (tests move it); now by default. */
  now?: Date;
  /** SMS_ALLOWED_COUNTRIES: where a group text's texts may go. */
  smsAllowedCountries: readonly string[];
  /** Starts this instance's senders on each committed batch (the sweeps send it otherwise). */
  wake: { outbox: OutboxWake; texts: TextWake };
}

/** The address of a campaign's personal sign-in link. */
/** The key of a recipient's message: the same recipient can never get a second one. */
export const campaignMessageKey = (campaignId: string, recipientId: string) => `campaign:${campaignId}:${recipientId}`;

// One fan-out per campaign at a time in this process; other instances are kept apart by SKIP LOCKED.
const running = new Set<string>();

/**
 * Turns a sending campaign's waiting recipients into outbox messages, `batchSize` per transaction.
 * Each transaction writes the messages (bulk priority, key campaign:<id>:<recipient>) and marks
 * their recipients with the message id and their link's hash, so the recipient rows are the ledger:
 * after a crash the next run starts with exactly the rows without a message (docs/decisions/024).
 * Stops as soon as the campaign is no longer 'sending' (paused, cancelled).
 */
export async function fanOutCampaign(db: Database, campaignId: string, options: FanOutOptions): Promise<number> {
  if (running.has(campaignId)) return 0;
  running.add(campaignId);
  try {
    const [campaign] = await db.select().from(campaigns).where(eq(campaigns.id, campaignId));
    if (!campaign || campaign.status !== "sending") return 0;
    if (campaign.channel === "sms") {
      const total = await fanOutTextCampaign(db, campaign, { timeZone: options.timeZone, now: options.now, allowedCountries: options.smsAllowedCountries, wake: options.wake.texts });
      await settleCampaign(db, campaignId);
      return total;
    }
    // Only the community's magic-link campaigns carry a personal sign-in link; an event's guests
    // and announcements get the same pipeline with a plain link and their own footer.
    const personalLinks = campaign.kind === COMMUNITY_MAGIC_LINKS;
    const plain = personalLinks ? null : await plainLinkOf(db, campaign, options.publicUrl);
    const template = await renderCampaignTemplate({
      subject: campaign.subject,
      markdown: campaign.bodyMarkdown,
      publicUrl: options.publicUrl,
      signInLink: personalLinks,
      footerNote: plain?.footerNote,
    });
    const batchSize = options.batchSize ?? 500;
    let total = 0;
    for (;;) {
      const written = await db.transaction(async (tx) => {
        // Shares the campaign row with other batches; pause and cancel update it, so they wait for
        // this batch and then hold or cancel what it wrote, and a batch after them sees the new status.
        const [current] = await tx.select({ status: campaigns.status }).from(campaigns).where(eq(campaigns.id, campaignId)).for("share");
        if (current?.status !== "sending") return 0;
        const batch = await tx
          .select({ id: campaignRecipients.id, email: campaignRecipients.email, name: campaignRecipients.name })
          .from(campaignRecipients)
          .where(and(eq(campaignRecipients.campaignId, campaignId), eq(campaignRecipients.status, "queued"), isNull(campaignRecipients.outboxMessageId)))
          .orderBy(campaignRecipients.id)
          .limit(batchSize)
          .for("update", { skipLocked: true });
        if (batch.length === 0) return 0;

        // Someone who unsubscribed after the campaign was created gets nothing either.
        const gone: ReadonlySet<string> = await unsubscribedAmong(tx, batch.flatMap((row) => (row.email ? [row.email] : [])));
        if (gone.size > 0) {
          await tx
            .update(campaignRecipients)
            .set({ status: "skipped", lastError: "Unsubscribed", updatedAt: sql`now()` })
            .where(and(eq(campaignRecipients.campaignId, campaignId), inArray(campaignRecipients.email, [...gone])));
        }
        const recipients = batch.filter((row): row is typeof row & { email: string } => row.email !== null && !gone.has(row.email));
        if (recipients.length === 0) return batch.length;

        const expiresAt = new Date(Date.now() + options.linkDays * 86_400_000);
        const prepared = recipients.map((recipient) => {
          const link = personalLinks ? newToken() : null;
          const unsubscribe = newToken();
          const personal = {
            link: link ? campaignLinkUrl(options.publicUrl, link.token) : plain!.link,
            name: recipient.name,
            unsubscribeUrl: unsubscribeUrl(options.publicUrl, unsubscribe.token),
          };
          const { html, text } = personalise(template, personal);
          const email: QueuedEmail = {
            kind: "campaign",
            to: recipient.email,
            subject: campaign.subject,
            html,
            text,
            idempotencyKey: campaignMessageKey(campaignId, recipient.id),
            priority: "bulk",
            campaignId,
            meta: { listUnsubscribe: personal.unsubscribeUrl, campaign: campaign.tag },
          };
          return { recipient, email, linkHash: link?.hash ?? null, unsubscribeHash: unsubscribe.hash };
        });
        const ids = await queueEmailBatch(tx, prepared.map((entry) => entry.email));
        const values = sql.join(
          prepared.map(
            (entry) =>
              sql`(${entry.recipient.id}::uuid, ${ids.get(entry.email.idempotencyKey)!}::uuid, ${entry.linkHash}::text, ${entry.unsubscribeHash}::text)`,
          ),
          sql`, `,
        );
        await tx.execute(sql`
          update campaign_recipients as r
          set outbox_message_id = v.outbox_id, link_token_hash = v.link_hash, unsubscribe_token_hash = v.unsubscribe_hash,
              link_expires_at = case when v.link_hash is null then null else ${expiresAt.toISOString()}::timestamptz end, updated_at = now()
          from (values ${values}) as v(id, outbox_id, link_hash, unsubscribe_hash)
          where r.id = v.id`);
        return batch.length;
      });
      if (written === 0) break;
      total += written;
      // Committed: the sender may start on this batch while the next one is written.
      await options.wake.outbox(campaignId);
    }
    await settleCampaign(db, campaignId);
    return total;
  } finally {
    running.delete(campaignId);
  }
}

/**
 * Every campaign still sending: its fan-out is run again (a crash or restart left it unfinished,
 * or its job was lost), and its recipients' statuses are brought up to date. The start of each
 * instance and the minute's sweep call it.
 */
export async function resumeCampaigns(db: Database, options: FanOutOptions, now: Date = new Date()): Promise<void> {
  await startScheduledCampaigns(db, now);
  const sending = await db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.status, "sending"));
  for (const { id } of sending) await fanOutCampaign(db, id, { ...options, now });
}

/**
 * Scheduled campaigns whose time has come (group texts asked for during quiet hours) become
 * 'sending'; the caller's fan-out then takes them up. One conditional update, so two instances
 * never both start one, and a campaign cancelled meanwhile stays cancelled.
 */
export async function startScheduledCampaigns(db: Database, now: Date = new Date()): Promise<string[]> {
  const started = await db
    .update(campaigns)
    .set({ status: "sending", updatedAt: sql`now()` })
    .where(and(eq(campaigns.status, "scheduled"), sql`${campaigns.scheduledFor} <= ${now.toISOString()}::timestamptz`))
    .returning({ id: campaigns.id });
  return started.map((row) => row.id);
}

import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { campaignRecipients, campaigns, type Campaign } from "#db/schema";
import { eventTitlesById } from "#app/modules/events/index.server";
import { siteConfig } from "#app/lib/site-config";
import { formatVenueDateTime } from "#app/lib/event-dates";
import { queryRows, type Database } from "#app/lib/db.server";
import { campaignEngagement, type CampaignEngagement } from "./campaign-stats.server";
import { etaSeconds, type CampaignCounts } from "./progress";
import { sentLatelyByCampaign } from "#app/modules/messaging/index.server";

/** The window the send rate (and so the ETA) is measured over. */
const RATE_WINDOW_SECONDS = 60;

/**
 * Brings a campaign's waiting recipient rows up to date with their outbox messages (sent; failed
 * with the server's reply; skipped when cancelled by an unsubscribe) and marks the campaign completed when nobody is left waiting.
 */
export async function settleCampaign(db: Database, campaignId: string): Promise<void> {
  await db.execute(sql`
    update campaign_recipients as r
    set status = (case o.status when 'cancelled' then 'skipped' else o.status::text end)::campaign_recipient_status,
        last_error = o.last_error, updated_at = now()
    from outbox as o
    where r.campaign_id = ${campaignId}::uuid and r.outbox_message_id = o.id and r.status = 'queued'
      and o.status in ('sent', 'failed', 'cancelled')`);
  // Twilio's delivery reports (recorded on the outbox row by the status webhook) finish a text's story.
  await db.execute(sql`
    update campaign_recipients as r
    set status = (case when o.meta->>'deliveryStatus' = 'delivered' then 'delivered' else 'failed' end)::campaign_recipient_status,
        last_error = case when o.meta->>'deliveryStatus' = 'delivered' then null
          else 'Twilio reported the text ' || (o.meta->>'deliveryStatus') || coalesce(' (error ' || (o.meta->>'deliveryErrorCode') || ')', '') end,
        updated_at = now()
    from outbox as o
    where r.campaign_id = ${campaignId}::uuid and r.outbox_message_id = o.id and r.status = 'sent' and o.channel = 'sms'
      and o.meta->>'deliveryStatus' in ('delivered', 'undelivered', 'failed')`);
  await db
    .update(campaigns)
    .set({ status: "completed", completedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(campaigns.id, campaignId),
        eq(campaigns.status, "sending"),
        sql`not exists (select 1 from campaign_recipients r where r.campaign_id = ${campaignId}::uuid and r.status = 'queued')`,
      ),
    );
}

export interface CampaignSummary {
  id: string;
  channel: Campaign["channel"];
  /** When a scheduled campaign starts (ISO). */
  scheduledFor: string | null;
  /** A group text's text (e-mail campaigns: undefined; their Markdown stays on the server). */
  body?: string;
  tag: string;
  /** What the staff read it as: the tag, or 'Guests of <event>' for an event's attendee mail. */
  label: string;
  subject: string;
  status: Campaign["status"];
  createdAt: string;
  /** When it was made, at the venue ('November 20th, 2026, 3:15 PM'). */
  createdLabel: string;
  createdByEmail: string;
  counts: CampaignCounts;
  /** Seconds until the queued messages are sent at the last minute's rate; null when unknown. */
  etaSeconds: number | null;
  /** Listening and unsubscribes that followed it. */
  engagement: CampaignEngagement;
}

/**
 * The newest campaigns (of one kind, and with one of some campaign names, when given) with their
 * counts; the ones still in progress are settled first.
 */
export async function listCampaigns(db: Database, limit = 20, filter: { kind?: string; tags?: string[] } = {}): Promise<CampaignSummary[]> {
  if (filter.tags?.length === 0) return [];
  const rows = await db
    .select()
    .from(campaigns)
    .where(and(filter.kind ? eq(campaigns.kind, filter.kind) : undefined, filter.tags ? inArray(campaigns.tag, filter.tags) : undefined))
    .orderBy(desc(campaigns.createdAt))
    .limit(limit);
  for (const row of rows) if (row.status === "sending" || row.status === "paused" || isAwaitingDeliveryReports(row)) await settleCampaign(db, row.id);
  if (rows.length === 0) return [];
  const ids = sql.join(rows.map((row) => sql`${row.id}::uuid`), sql`, `);
  const counts = await queryRows<{ campaign_id: string; status: string; clicked: number | string; total: number | string }>(
    db,
    sql`select campaign_id, status::text as status, count(*) as total, count(clicked_at) as clicked
        from campaign_recipients where campaign_id in (${ids}) group by campaign_id, status`,
  );
  const sentLately = await sentLatelyByCampaign(
    db,
    rows.map((row) => row.id),
    RATE_WINDOW_SECONDS,
  );
  const fresh = await db.select({ id: campaigns.id, status: campaigns.status }).from(campaigns).where(sql`${campaigns.id} in (${ids})`);
  const statusOf = new Map(fresh.map((row) => [row.id, row.status]));
  const engagement = await campaignEngagement(db, rows);
  const eventTitles = await titlesOfAttendeeMailEvents(db, rows);
  return rows.map((row) => {
    const tally: CampaignCounts = { recipients: 0, queued: 0, sent: 0, delivered: 0, failed: 0, skipped: 0, clicked: 0 };
    for (const count of counts.filter((entry) => entry.campaign_id === row.id)) {
      const total = Number(count.total);
      tally.recipients += total;
      tally.clicked += Number(count.clicked);
      if (count.status === "queued" || count.status === "sent" || count.status === "delivered" || count.status === "failed" || count.status === "skipped") {
        tally[count.status] += total;
      }
    }
    const status = statusOf.get(row.id) ?? row.status;
    return {
      id: row.id,
      channel: row.channel,
      scheduledFor: row.scheduledFor?.toISOString() ?? null,
      body: row.channel === "sms" ? row.bodyMarkdown : undefined,
      tag: row.tag,
      label: labelOf(row.tag, eventTitles),
      subject: row.subject,
      status,
      createdAt: row.createdAt.toISOString(),
      createdLabel: formatVenueDateTime(row.createdAt, siteConfig.venue.timeZone),
      createdByEmail: row.createdByEmail,
      counts: tally,
      etaSeconds: status === "sending" ? etaSeconds(tally.queued, sentLately.get(row.id) ?? 0, RATE_WINDOW_SECONDS) : null,
      engagement: engagement.get(row.id) ?? { listeners: 0, plays: 0, unsubscribed: 0, bounced: 0, complaints: 0 },
    };
  });
}

const ATTENDEE_TAG = /^event_attendees_([0-9a-f-]{36})$/;

/** The titles of the events whose guests the listed campaigns mailed, by event id (one query). */
async function titlesOfAttendeeMailEvents(db: Database, rows: Campaign[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.map((row) => ATTENDEE_TAG.exec(row.tag)?.[1]).filter((id): id is string => id !== undefined))];
  return eventTitlesById(db, ids);
}

/** An event's attendee mail reads 'Guests of <event>'; any other campaign by its tag. */
function labelOf(tag: string, eventTitles: Map<string, string>): string {
  const eventId = ATTENDEE_TAG.exec(tag)?.[1];
  if (!eventId) return tag;
  const title = eventTitles.get(eventId);
  return title ? `Guests of ${title}` : "Guests of a deleted event";
}

/** Delivery reports come for a while after a group text is sent: its counts are brought up to date for a day. */
function isAwaitingDeliveryReports(campaign: Campaign): boolean {
  return campaign.channel === "sms" && campaign.status === "completed" && (campaign.completedAt?.getTime() ?? 0) > Date.now() - 86_400_000;
}

export interface FailedRecipient {
  id: string;
  email: string;
  reason: string;
}

/** A campaign's failed recipients with the mail server's reply, for the staff page. */
export async function listFailedRecipients(db: Database, campaignId: string, limit = 200): Promise<FailedRecipient[]> {
  const rows = await db
    .select({ id: campaignRecipients.id, email: campaignRecipients.email, reason: campaignRecipients.lastError })
    .from(campaignRecipients)
    .where(and(eq(campaignRecipients.campaignId, campaignId), eq(campaignRecipients.status, "failed")))
    .orderBy(campaignRecipients.email)
    .limit(limit);
  return rows.map((row) => ({ id: row.id, email: row.email ?? "", reason: row.reason ?? "Unknown reason" }));
}

export interface TextRecipientResult {
  id: string;
  phone: string;
  name: string | null;
  status: "queued" | "sent" | "delivered" | "failed" | "skipped";
  /** Why it was skipped or failed. */
  reason: string | null;
}

/** A group text's recipients, one row each with its result (the page's per-recipient table). */
export async function listTextRecipients(db: Database, campaignId: string, limit = 500): Promise<TextRecipientResult[]> {
  const rows = await db
    .select({
      id: campaignRecipients.id,
      phone: campaignRecipients.phone,
      name: campaignRecipients.name,
      status: campaignRecipients.status,
      reason: campaignRecipients.lastError,
    })
    .from(campaignRecipients)
    .where(eq(campaignRecipients.campaignId, campaignId))
    .orderBy(campaignRecipients.status, campaignRecipients.phone)
    .limit(limit);
  return rows.map((row) => ({ ...row, phone: row.phone ?? "" }));
}

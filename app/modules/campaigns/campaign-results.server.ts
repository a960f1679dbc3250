import { and, asc, eq, ilike, or, sql } from "drizzle-orm";
import type { CsvColumn } from "#app/lib/csv.server";
import type { Database } from "#app/lib/db.server";
import { exportList } from "#app/modules/activity/index.server";
import { formatVenueDateTime } from "#app/lib/event-dates";
import { PLAY_START_SECONDS } from "#app/modules/music";
import { campaignRecipients, campaigns } from "#db/schema";
import { findEventForMailing } from "#app/modules/events/index.server";
import { messageSendTimes } from "#app/modules/messaging/index.server";
import { can, notAllowed, type StaffMember } from "#app/modules/access";
import { settleCampaign } from "./campaign-progress.server";

/** One recipient of a campaign and what became of their message. */
export interface RecipientResult {
  id: string;
  name: string | null;
  /** The address (e-mail) or number (text) it went to. */
  address: string;
  result: "queued" | "sent" | "delivered" | "failed" | "skipped";
  /** Why it failed (the mail server's or Twilio's answer) or was skipped. */
  reason: string | null;
  sentAt: Date | null;
  clickedAt: Date | null;
  /** Plays of the campaign's music by this person since the campaign was made. */
  plays: number;
}

export interface CampaignHeader {
  id: string;
  channel: "email" | "sms";
  subject: string;
  /** The tag, or 'Guests of <event>' for an event's attendee mail (as the campaign list reads it). */
  label: string;
  createdAt: Date;
}

export type CampaignResults =
  | { ok: true; campaign: CampaignHeader; recipients: RecipientResult[]; total: number; matching: number }
  | { ok: false; reason: "not-found"; message: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = { ok: false as const, reason: "not-found" as const, message: "That campaign does not exist." };

/** A campaign's name and label, as the campaign list shows them. */
async function headerOf(db: Database, campaignId: string): Promise<(CampaignHeader & { tag: string }) | null> {
  if (!UUID.test(campaignId)) return null;
  const [found] = await db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.id, campaignId));
  if (!found) return null;
  // The recipients' rows brought up to date with their messages first (as the campaign list does).
  await settleCampaign(db, found.id);
  const [campaign] = await db.select().from(campaigns).where(eq(campaigns.id, found.id));
  if (!campaign) return null;
  let label = campaign.tag;
  const eventId = /^event_attendees_([0-9a-f-]{36})$/.exec(campaign.tag)?.[1];
  if (eventId) {
    const event = await findEventForMailing(db, eventId);
    label = event ? `Guests of ${event.title}` : "Guests of a deleted event";
  }
  return { id: campaign.id, channel: campaign.channel, subject: campaign.subject, label, createdAt: campaign.createdAt, tag: campaign.tag };
}

/** The recipients' rows with their message's sending time and their plays, optionally narrowed by name, address or number. */
function recipientsQuery(db: Database, campaign: { id: string; tag: string; createdAt: Date }, search: string) {
  const pattern = `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  const plays = sql<number>`(select count(*) from audio_events a
      where a.campaign = ${campaign.tag} and a.received_at >= ${campaign.createdAt.toISOString()}::timestamptz
        and a.action = 'play' and a.position < ${PLAY_START_SECONDS}
        and ${campaignRecipients.email} is not null and lower(a.user_email) = ${campaignRecipients.email})`.mapWith(Number);
  const sent = messageSendTimes(db);
  return db
    .select({
      id: campaignRecipients.id,
      name: campaignRecipients.name,
      email: campaignRecipients.email,
      phone: campaignRecipients.phone,
      result: campaignRecipients.status,
      reason: campaignRecipients.lastError,
      sentAt: sent.sentAt,
      clickedAt: campaignRecipients.clickedAt,
      plays,
    })
    .from(campaignRecipients)
    .leftJoin(sent, eq(sent.id, campaignRecipients.outboxMessageId))
    .where(
      and(
        eq(campaignRecipients.campaignId, campaign.id),
        search ? or(ilike(campaignRecipients.email, pattern), ilike(campaignRecipients.name, pattern), ilike(campaignRecipients.phone, pattern)) : undefined,
      ),
    )
    .orderBy(asc(campaignRecipients.status), asc(campaignRecipients.email), asc(campaignRecipients.phone));
}

type Row = Awaited<ReturnType<typeof recipientsQuery>>[number];
const toResult = (row: Row): RecipientResult => ({
  id: row.id,
  name: row.name,
  address: row.email ?? row.phone ?? "",
  result: row.result,
  reason: row.reason,
  sentAt: row.sentAt,
  clickedAt: row.clickedAt,
  plays: Number(row.plays),
});

/**
 * A campaign's recipients, one row each: sent, failed with the server's reason, skipped with the
 * reason, when they clicked their link and how often they played its music. `search` narrows by
 * name, address or number; at most `limit` rows are answered (the CSV has them all).
 */
export async function campaignResults(
  db: Database,
  actor: StaffMember,
  campaignId: string,
  options: { search?: string; limit?: number } = {},
): Promise<CampaignResults | ReturnType<typeof notAllowed>> {
  if (!can(actor, "send-communications")) return notAllowed();
  const campaign = await headerOf(db, campaignId);
  if (!campaign) return notFound;
  const search = options.search?.trim() ?? "";
  const rows = await recipientsQuery(db, campaign, search);
  const [total] = await db.select({ count: sql<number>`count(*)`.mapWith(Number) }).from(campaignRecipients).where(eq(campaignRecipients.campaignId, campaign.id));
  const { tag: _tag, ...header } = campaign;
  return { ok: true, campaign: header, recipients: rows.slice(0, options.limit ?? 500).map(toResult), total: total?.count ?? 0, matching: rows.length };
}

export const resultLabels: Record<RecipientResult["result"], string> = {
  queued: "Queued",
  sent: "Sent",
  delivered: "Delivered",
  failed: "Failed",
  skipped: "Skipped",
};

const resultColumns = (timeZone: string, channel: "email" | "sms"): readonly CsvColumn<RecipientResult>[] => [
  { header: "Name", value: (row) => row.name ?? "" },
  { header: channel === "sms" ? "Phone" : "Email", value: (row) => row.address },
  { header: "Result", value: (row) => resultLabels[row.result] },
  { header: "Reason", value: (row) => row.reason ?? "" },
  { header: "Sent at", value: (row) => (row.sentAt ? formatVenueDateTime(row.sentAt, timeZone) : "") },
  { header: "Clicked at", value: (row) => (row.clickedAt ? formatVenueDateTime(row.clickedAt, timeZone) : "") },
  { header: "Plays", value: (row) => row.plays },
];

/**
 * A campaign's results as CSV (formula-safe, times at the venue), logged like every export:
 * personal data leaving the site is in the activity log.
 */
export async function exportCampaignResults(
  db: Database,
  actor: StaffMember,
  campaignId: string,
  options: { timeZone: string; search?: string },
): Promise<{ ok: true; csv: string; filename: string } | { ok: false; reason: "not-found" | "forbidden"; message: string }> {
  if (!can(actor, "send-communications")) return notAllowed();
  const campaign = await headerOf(db, campaignId);
  if (!campaign) return notFound;
  const { csv } = await exportList(db, actor, {
    name: `results of campaign ${campaign.subject}`,
    read: async (tx) => (await recipientsQuery(tx, campaign, options.search?.trim() ?? "")).map(toResult),
    columns: resultColumns(options.timeZone, campaign.channel),
  });
  const slug = campaign.subject.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 60) || "campaign";
  return { ok: true, csv, filename: `results-${slug}.csv` };
}

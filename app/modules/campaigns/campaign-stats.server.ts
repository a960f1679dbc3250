import { sql } from "drizzle-orm";
import { z } from "zod";
import { queryRows, type Database } from "#app/lib/db.server";
import { PLAY_START_SECONDS } from "#app/modules/music";
import { statsMessages } from "./campaign-messages";
import { normaliseEmailAddress } from "#app/lib/email-address";

/** What a campaign led to after it was sent: who listened, how often, and who unsubscribed. */
export interface CampaignEngagement {
  /** Members (user id, else e-mail) with at least one play carrying the campaign's name since it was created. */
  listeners: number;
  /** Plays (plays.ts: a `play` that starts a track) carrying the campaign's name since it was created. */
  plays: number;
  /** Its recipients who unsubscribed after it was created. */
  unsubscribed: number;
  /** Its recipients whose message hard-bounced (deliverability's bounce events, each address once). */
  bounced: number;
  /** Its recipients who marked its message as spam. */
  complaints: number;
}

/**
 * The engagement of each campaign. Several campaigns may share a name (two 'concert_followup'
 * sends), so plays count from each campaign's own creation time.
 */
export async function campaignEngagement(
  db: Database,
  campaigns: readonly { id: string; tag: string; createdAt: Date }[],
): Promise<Map<string, CampaignEngagement>> {
  const result = new Map<string, CampaignEngagement>();
  if (campaigns.length === 0) return result;
  const list = JSON.stringify(campaigns.map((campaign) => ({ id: campaign.id, tag: campaign.tag, created_at: campaign.createdAt.toISOString() })));
  const rows = await queryRows<{ id: string; listeners: number | string; plays: number | string; unsubscribed: number | string; bounced: number | string; complaints: number | string }>(
    db,
    sql`with wanted as (
          select id::uuid as id, tag, created_at::timestamptz as created_at
            from jsonb_to_recordset(${list}::jsonb) as c(id text, tag text, created_at text)
        )
        select w.id::text as id,
               (select count(distinct coalesce(a.user_id::text, lower(a.user_email)))
                  from audio_events a
                 where a.campaign = w.tag and a.received_at >= w.created_at
                   and a.action = 'play' and a.position < ${PLAY_START_SECONDS}
                   and (a.user_id is not null or a.user_email is not null)) as listeners,
               (select count(*)
                  from audio_events a
                 where a.campaign = w.tag and a.received_at >= w.created_at
                   and a.action = 'play' and a.position < ${PLAY_START_SECONDS}) as plays,
               (select count(*)
                  from campaign_recipients r join unsubscribes u on u.email = r.email
                 where r.campaign_id = w.id and u.created_at >= w.created_at) as unsubscribed,
               (select count(distinct b.email) from bounce_events b where b.campaign_id = w.id and b.kind = 'hard') as bounced,
               (select count(distinct b.email) from bounce_events b where b.campaign_id = w.id and b.kind = 'complaint') as complaints
          from wanted w`,
  );
  for (const row of rows) {
    result.set(row.id, {
      listeners: Number(row.listeners),
      plays: Number(row.plays),
      unsubscribed: Number(row.unsubscribed),
      bounced: Number(row.bounced),
      complaints: Number(row.complaints),
    });
  }
  return result;
}

/** At most this many addresses per statsCommunity request: the whole community list of a large brand, still one query. */
export const MAX_STATS_EMAILS = 10_000;

export const communityStatsSchema = z.object(
  {
    emails: z
      .array(z.string({ error: statsMessages.emailsList }).max(254, statsMessages.emailTooLong), { error: statsMessages.emailsList })
      .max(MAX_STATS_EMAILS, statsMessages.tooMany(MAX_STATS_EMAILS)),
  },
  { error: statsMessages.emailsList },
);

export interface CommunityStats {
  /** The time of the person's last click on a campaign link (ISO), or null: truthy exactly when they clicked. */
  clickedMap: Record<string, string | null>;
  /** The person's plays (plays.ts) as a signed-in member, all time. */
  playCountMap: Record<string, number>;
}

/**
 * Clicks and plays per address, keyed by each address as given (compared normalised,
 * docs/decisions/061): the spec's statsCommunity and the dashboard's community list.
 */
export async function communityStats(db: Database, emails: readonly string[]): Promise<CommunityStats> {
  const clickedMap: Record<string, string | null> = {};
  const playCountMap: Record<string, number> = {};
  if (emails.length === 0) return { clickedMap, playCountMap };
  const wanted = JSON.stringify([...new Set(emails.map(normaliseEmailAddress))]);
  const [clicks, plays] = await Promise.all([
    queryRows<{ email: string; last_click: Date | string | null }>(
      db,
      sql`select r.email, max(r.clicked_at) as last_click
            from campaign_recipients r
           where r.email in (select value from jsonb_array_elements_text(${wanted}::jsonb))
           group by r.email`,
    ),
    queryRows<{ email: string; plays: number | string }>(
      db,
      sql`select lower(coalesce(a.user_email, u.email)) as email, count(*) as plays
            from audio_events a left join "user" u on u.id = a.user_id
           where a.action = 'play' and a.position < ${PLAY_START_SECONDS}
             and lower(coalesce(a.user_email, u.email)) in (select value from jsonb_array_elements_text(${wanted}::jsonb))
           group by 1`,
    ),
  ]);
  const lastClick = new Map(clicks.map((row) => [row.email, row.last_click ? new Date(row.last_click).toISOString() : null]));
  const playCount = new Map(plays.map((row) => [row.email, Number(row.plays)]));
  for (const email of emails) {
    clickedMap[email] = lastClick.get(normaliseEmailAddress(email)) ?? null;
    playCountMap[email] = playCount.get(normaliseEmailAddress(email)) ?? 0;
  }
  return { clickedMap, playCountMap };
}

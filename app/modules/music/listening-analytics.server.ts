import { sql } from "drizzle-orm";
import type { Database } from "#app/lib/db.server";
import { queryRows } from "#app/lib/db.server";
import { fillDays, type DayCount } from "#app/lib/day-series";
import { LISTENING_PERIOD_DAYS, PLAY_START_SECONDS } from "./plays";

/** How many tracks and campaigns the dashboard ranks. */
export const TOP_SHOWN = 8;

export interface ListeningAnalytics {
  periodDays: number;
  plays: number;
  /** Distinct members (user id, else e-mail) and anonymous browser sessions that played something. */
  memberListeners: number;
  anonymousListeners: number;
  memberPlays: number;
  anonymousPlays: number;
  perTrack: { title: string; src: string; plays: number }[];
  perDay: DayCount[];
  /** Campaigns (the `campaign` of the listener's link) by plays. */
  topCampaigns: { campaign: string; plays: number }[];
}

/** Listening in the last 30 days, from audio_events; a play is defined in plays.ts. */
export async function listeningAnalytics(db: Database, now: Date, timeZone: string): Promise<ListeningAnalytics> {
  const since = new Date(now.getTime() - LISTENING_PERIOD_DAYS * 24 * 60 * 60 * 1000).toISOString();
  // The same condition as isPlay() in plays.ts, written in SQL.
  const plays = sql`action = 'play' and position < ${PLAY_START_SECONDS} and received_at > ${since}::timestamptz`;
  const member = sql`(user_id is not null or user_email is not null)`;
  const [totals, perTrack, perDay, campaigns] = await Promise.all([
    queryRows<Record<string, number | string>>(
      db,
      sql`select count(*) as plays,
                 count(*) filter (where ${member}) as member_plays,
                 count(*) filter (where not ${member}) as anonymous_plays,
                 count(distinct coalesce(user_id::text, lower(user_email))) as member_listeners,
                 count(distinct anonymous_session_id) filter (where not ${member}) as anonymous_listeners
            from audio_events where ${plays}`,
    ),
    queryRows<{ title: string; src: string; plays: number | string }>(
      db,
      sql`select max(track_title) as title, track_src as src, count(*) as plays
            from audio_events where ${plays}
           group by track_src order by count(*) desc, max(track_title) limit ${TOP_SHOWN}`,
    ),
    queryRows<{ day: string; plays: number | string }>(
      db,
      sql`select to_char(received_at at time zone ${timeZone}, 'YYYY-MM-DD') as day, count(*) as plays
            from audio_events where ${plays} group by 1`,
    ),
    queryRows<{ campaign: string; plays: number | string }>(
      db,
      sql`select campaign, count(*) as plays
            from audio_events where ${plays} and campaign is not null and campaign <> ''
           group by campaign order by count(*) desc, campaign limit ${TOP_SHOWN}`,
    ),
  ]);
  const total = totals[0] ?? {};
  const number = (key: string) => Number(total[key] ?? 0);
  return {
    periodDays: LISTENING_PERIOD_DAYS,
    plays: number("plays"),
    memberPlays: number("member_plays"),
    anonymousPlays: number("anonymous_plays"),
    memberListeners: number("member_listeners"),
    anonymousListeners: number("anonymous_listeners"),
    perTrack: perTrack.map((row) => ({ title: row.title, src: row.src, plays: Number(row.plays) })),
    perDay: fillDays(
      perDay.map((row) => ({ day: row.day, count: Number(row.plays) })),
      now,
      LISTENING_PERIOD_DAYS,
      timeZone,
    ),
    topCampaigns: campaigns.map((row) => ({ campaign: row.campaign, plays: Number(row.plays) })),
  };
}

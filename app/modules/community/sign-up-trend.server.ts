import { sql } from "drizzle-orm";
import type { Database } from "#app/lib/db.server";
import { queryRows } from "#app/lib/db.server";
import { fillDays, type DayCount } from "#app/lib/day-series";

export interface SignUpTrend {
  /** Community sign-ups in the last 7 days, and in the 7 days before them. */
  thisWeek: number;
  lastWeek: number;
  /** Sign-ups per day of the last 14 days in the venue's zone, oldest first. */
  days: DayCount[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Community sign-ups this week (the last 7 days) against the week before, per day for a chart. */
export async function signUpTrend(db: Database, now: Date, timeZone: string): Promise<SignUpTrend> {
  const weekAgo = new Date(now.getTime() - 7 * DAY_MS);
  const twoWeeksAgo = new Date(now.getTime() - 14 * DAY_MS);
  const rows = await queryRows<{ day: string; count: number | string; recent: boolean }>(
    db,
    sql`select to_char(created_at at time zone ${timeZone}, 'YYYY-MM-DD') as day,
               created_at > ${weekAgo.toISOString()}::timestamptz as recent,
               count(*) as count
          from community
         where created_at > ${twoWeeksAgo.toISOString()}::timestamptz and created_at <= ${now.toISOString()}::timestamptz
         group by 1, 2`,
  );
  let thisWeek = 0;
  let lastWeek = 0;
  const perDay = new Map<string, number>();
  for (const row of rows) {
    const n = Number(row.count);
    if (row.recent) thisWeek += n;
    else lastWeek += n;
    perDay.set(row.day, (perDay.get(row.day) ?? 0) + n);
  }
  return { thisWeek, lastWeek, days: fillDays([...perDay].map(([day, count]) => ({ day, count })), now, 14, timeZone) };
}

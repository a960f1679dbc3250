import { sql, type SQL } from "drizzle-orm";
import { events } from "#db/schema";
import { LABEL_SPACES, normalisedLabel, PAST_EVENT } from "./event-labels";

/**
 * The one meaning of "past" (event-past.ts, docs/decisions/056) as a SQL condition, for the
 * queries that filter, count or order by it. The same two facts as `isPastEvent`: the start is
 * before now, or the button text's normal form (`normalisedLabel`: spaces collapsed with the same
 * character class, trimmed, lower case) is 'past event'. `event-past.server.test.ts` checks that
 * both engines (PGlite and PostgreSQL) agree with the function on awkward texts.
 */
export interface PastEventColumns {
  startsAt: SQL | typeof events.startsAt;
  button: SQL | typeof events.button;
}

const eventsTable: PastEventColumns = { startsAt: events.startsAt, button: events.button };

/** The columns of the events table under an alias (`from events e` → `eventColumnsOf("e")`), for hand-written queries. */
export function eventColumnsOf(alias: string): PastEventColumns {
  return { startsAt: sql`${sql.identifier(alias)}.starts_at`, button: sql`${sql.identifier(alias)}.button` };
}

/** SQL: marked 'Past Event' by hand (never null). */
export function markedPastSql(columns: PastEventColumns = eventsTable): SQL {
  return sql`(lower(btrim(regexp_replace(coalesce(${columns.button}, ''), ${LABEL_SPACES}, ' ', 'g'), ' ')) = ${normalisedLabel(PAST_EVENT)})`;
}

/** SQL: the event is past at `now` (never null). */
export function pastEventSql(now: Date, columns: PastEventColumns = eventsTable): SQL {
  return sql`(${columns.startsAt} < ${now.toISOString()}::timestamptz or ${markedPastSql(columns)})`;
}

/** SQL: the event is upcoming at `now` (not past; never null). */
export function upcomingEventSql(now: Date, columns: PastEventColumns = eventsTable): SQL {
  return sql`(not ${pastEventSql(now, columns)})`;
}

import { and, asc, gte, isNotNull, lt, ne, not, or, sql } from "drizzle-orm";
import type { Database } from "#app/lib/db.server";
import { can, type Actor } from "#app/modules/access";
import { instantToVenueDateTime, venueDateTimeToInstant } from "#app/modules/events";
import { markedPastSql, upcomingEventSql } from "#app/modules/events/index.server";
import { events } from "#db/schema";

const MINUTE = 60_000;

interface Candidate {
  id: string;
  status: "draft" | "published" | "archived";
  maxSeats: number | null;
  startsAt: Date;
  durationMinutes: number;
  hasGuests: boolean;
  today: boolean;
}

/**
 * Today's event at the door, when several of today's have guests: the one under way (started,
 * not over by its duration; the latest begun), else the next still to begin, else the last that
 * ended. A volunteer arriving between two evenings meets the next one.
 */
function todaysDoor(today: Candidate[], now: Date): Candidate | undefined {
  const at = now.getTime();
  const started = today.filter((event) => event.startsAt.getTime() <= at);
  const underWay = started.filter((event) => at < event.startsAt.getTime() + event.durationMinutes * MINUTE);
  const latest = (list: Candidate[]) => list.reduce<Candidate | undefined>((best, event) => (!best || event.startsAt > best.startsAt ? event : best), undefined);
  return latest(underWay) ?? today.find((event) => event.startsAt.getTime() > at) ?? latest(started);
}

/**
 * The event the door works (docs/decisions/056): today's event (in the venue's time zone) with
 * guests, even once it has begun; else the next upcoming one (by the one rule of past: not started,
 * not marked 'Past Event'). Never an archived event, never one marked 'Past Event' by hand, and
 * only events the person may run (the policy, asked with each event: event staff's are the
 * published ones taking reservations). Null when there is none. Event staff land on its check-in
 * after signing in.
 */
export async function findDoorEvent(db: Database, actor: Actor, options: { timeZone: string; now?: Date }): Promise<{ id: string } | null> {
  const now = options.now ?? new Date();
  const { date } = instantToVenueDateTime(now, options.timeZone);
  const startOfToday = venueDateTimeToInstant(date, "00:00", options.timeZone);
  // The next venue day starts at its own midnight (a day may be 23 or 25 hours long).
  const startOfTomorrow = venueDateTimeToInstant(instantToVenueDateTime(new Date(startOfToday.getTime() + 26 * 60 * MINUTE), options.timeZone).date, "00:00", options.timeZone);
  // Written out: Drizzle leaves a one-table select's columns unqualified, which the subquery would read as its own.
  const hasGuests = sql<boolean>`exists (select 1 from "reservations" where "reservations"."event_id" = "events"."id")`;
  const isToday = and(gte(events.startsAt, startOfToday), lt(events.startsAt, startOfTomorrow))!;
  const rows = await db
    .select({
      id: events.id,
      status: events.status,
      maxSeats: events.maxSeats,
      startsAt: events.startsAt,
      durationMinutes: events.durationMinutes,
      hasGuests,
      today: sql<boolean>`${isToday}`,
    })
    .from(events)
    .where(
      and(
        ne(events.status, "archived"),
        not(markedPastSql()),
        // Today's with guests (begun or not), or upcoming and taking reservations here.
        or(and(isToday, hasGuests), and(upcomingEventSql(now), isNotNull(events.maxSeats))),
      ),
    )
    .orderBy(asc(events.startsAt), asc(events.id));
  const mine: Candidate[] = rows.filter((event) => can(actor, "manage-reservations", { event }));
  const door = todaysDoor(
    mine.filter((event) => event.today && event.hasGuests),
    now,
  ) ?? mine[0];
  return door ? { id: door.id } : null;
}

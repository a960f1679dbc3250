import { sql } from "drizzle-orm";
import type { Database } from "#app/lib/db.server";
import { queryRows } from "#app/lib/db.server";
import { eventColumnsOf, upcomingEventSql } from "./event-past.server";

/** How many upcoming events the dashboard lists with their seats. */
export const UPCOMING_SHOWN = 6;

export interface UpcomingEventSeats {
  id: string;
  title: string;
  startsAt: Date;
  status: "draft" | "published" | "archived";
  /** Null: no on-site reservations (tickets are sold elsewhere). */
  maxSeats: number | null;
  seatsTaken: number;
  reservations: number;
}

export interface EventsSummary {
  /** Events management: published, draft and archived events, and the upcoming ones not archived. */
  published: number;
  draft: number;
  upcoming: number;
  archived: number;
  /** Ticket management: reservations and seats taken for upcoming events. */
  upcomingReservations: number;
  upcomingSeatsTaken: number;
  upcomingSeatsOffered: number;
  /** The next few events not archived, soonest first. */
  next: UpcomingEventSeats[];
}

/**
 * The dashboard's summaries of events and tickets. "Upcoming" is the one rule of past turned round
 * (event-past.ts, docs/decisions/056): not started and not marked 'Past Event', counted over the
 * events not archived, draft or published; seats come from the events' own counter.
 */
export async function summariseEvents(db: Database, now: Date): Promise<EventsSummary> {
  const upcoming = upcomingEventSql(now, eventColumnsOf("e"));
  const [countRows, nextRows] = await Promise.all([
    queryRows<Record<string, number | string | null>>(
      db,
      sql`select count(*) filter (where e.status = 'published') as published,
                 count(*) filter (where e.status = 'draft') as draft,
                 count(*) filter (where e.status <> 'archived' and ${upcoming}) as upcoming,
                 count(*) filter (where e.status = 'archived') as archived,
                 coalesce(sum(e.seats_taken) filter (where e.status <> 'archived' and ${upcoming}), 0) as seats_taken,
                 coalesce(sum(e.max_seats) filter (where e.status <> 'archived' and ${upcoming}), 0) as seats_offered,
                 (select count(*) from reservations r join events e on e.id = r.event_id
                   where e.status <> 'archived' and ${upcoming}) as reservations
            from events e`,
    ),
    queryRows<{ id: string; title: string; starts_at: string | Date; status: "draft" | "published" | "archived"; max_seats: number | null; seats_taken: number; reservations: number | string }>(
      db,
      sql`select e.id, e.title, e.starts_at, e.status, e.max_seats, e.seats_taken,
                 (select count(*) from reservations r where r.event_id = e.id) as reservations
            from events e
           where e.status <> 'archived' and ${upcoming}
           order by e.starts_at, e.id
           limit ${UPCOMING_SHOWN}`,
    ),
  ]);
  const counts = countRows[0] ?? {};
  const number = (key: string) => Number(counts[key] ?? 0);
  return {
    published: number("published"),
    draft: number("draft"),
    upcoming: number("upcoming"),
    archived: number("archived"),
    upcomingReservations: number("reservations"),
    upcomingSeatsTaken: number("seats_taken"),
    upcomingSeatsOffered: number("seats_offered"),
    next: nextRows.map((row) => ({
      id: row.id,
      title: row.title,
      startsAt: new Date(row.starts_at),
      status: row.status,
      maxSeats: row.max_seats === null ? null : Number(row.max_seats),
      seatsTaken: Number(row.seats_taken),
      reservations: Number(row.reservations),
    })),
  };
}

import { asc, count, desc, isNotNull, sql } from "drizzle-orm";
import type { Database } from "#app/lib/db.server";
import { events, type EventRow } from "#db/schema";
import { eventFailures } from "./event-management-messages";
import { refuseUnlessManager, type EventActor, type EventOutcome } from "./event-management.server";
import { inListingOrder } from "./event-order";
import { isPastEvent } from "./event-past";
import { upcomingEventSql } from "./event-past.server";

/**
 * Which events the staff list shows: 'current' (drafts and published, the default), one state,
 * or every event.
 */
export type EventListView = "current" | "draft" | "published" | "archived" | "all";

export const eventListViews: readonly EventListView[] = ["current", "draft", "published", "archived", "all"];

export interface ManagedEventFilter {
  view?: EventListView;
}

export type ManagedEvent = EventRow & {
  /** Reservations a delete for good would take with it. */
  reservationCount: number;
  /** Past by the one rule (event-past.ts): started before now, or marked 'Past Event'. */
  isPast: boolean;
};

// Written out: Drizzle leaves a one-table select's columns unqualified, which a subquery would misread.
const reservationsOfEvent = sql<number>`(select count(*) from "reservations" where "reservations"."event_id" = "events"."id")`;

/** Every event in the site's order (event-order.ts: pinned upcoming, upcoming by date, past newest first). */
export async function listManagedEvents(db: Database, now = new Date()): Promise<ManagedEvent[]> {
  const rows = await db.select({ event: events, reservationCount: reservationsOfEvent }).from(events).orderBy(asc(events.startsAt), asc(events.id));
  return inListingOrder(
    rows.map(({ event, reservationCount }) => ({ ...event, reservationCount: Number(reservationCount), isPast: isPastEvent(event, now) })),
    now,
  );
}

export function applyFilter(list: ManagedEvent[], filter: ManagedEventFilter): ManagedEvent[] {
  const view = filter.view ?? "current";
  if (view === "all") return list;
  if (view === "current") return list.filter((event) => event.status !== "archived");
  return list.filter((event) => event.status === view);
}

export interface EventStats {
  total: number;
  published: number;
  draft: number;
  archived: number;
  featured: number;
  /** Upcoming by the one rule (event-past.ts): not started, and not marked 'Past Event'. */
  upcoming: number;
  /** Past by the one rule: started, or marked 'Past Event' (the events the list marks '(past)'). */
  past: number;
}

/** The counters over every event; upcoming and past split them by the one rule of past, at `now`. */
export async function eventStats(db: Database, now = new Date()): Promise<EventStats> {
  const [row] = await db
    .select({
      total: count(),
      published: sql<number>`count(*) filter (where ${events.status} = 'published')`,
      draft: sql<number>`count(*) filter (where ${events.status} = 'draft')`,
      featured: sql<number>`count(*) filter (where ${events.featured})`,
      upcoming: sql<number>`count(*) filter (where ${upcomingEventSql(now)})`,
    })
    .from(events);
  const total = Number(row?.total ?? 0);
  const published = Number(row?.published ?? 0);
  const draft = Number(row?.draft ?? 0);
  const upcoming = Number(row?.upcoming ?? 0);
  return { total, published, draft, archived: total - published - draft, featured: Number(row?.featured ?? 0), upcoming, past: total - upcoming };
}

/** The (at most 6) locations events use most, for the form's quick-select buttons. */
export async function mostUsedLocations(db: Database, limit = 6): Promise<string[]> {
  const uses = count();
  const rows = await db
    .select({ location: events.location, uses })
    .from(events)
    .where(isNotNull(events.location))
    .groupBy(events.location)
    .orderBy(desc(uses), asc(events.location))
    .limit(limit + 1);
  return rows
    .map((row) => row.location!.trim())
    .filter(Boolean)
    .slice(0, Math.min(limit, 6));
}

export interface EventManagementData {
  /** The events the filter shows. */
  events: ManagedEvent[];
  /** Every event (the one being edited may be filtered out). */
  all: ManagedEvent[];
  stats: EventStats;
  locations: string[];
}

/** What the event management page shows: the filtered list, the stats grid and the quick-select. */
export async function loadEventManagement(
  db: Database,
  actor: EventActor,
  filter: ManagedEventFilter,
  now = new Date(),
): Promise<EventOutcome<EventManagementData>> {
  const refused = refuseUnlessManager(actor, eventFailures.load);
  if (refused) return refused;
  const [all, stats, locations] = await Promise.all([listManagedEvents(db, now), eventStats(db, now), mostUsedLocations(db)]);
  return { ok: true, message: "", events: applyFilter(all, filter), all, stats, locations };
}


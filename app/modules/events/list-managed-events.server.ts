import { asc, count, desc, isNotNull, sql } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import { events, type EventRow } from "../../../db/schema";
import { eventFailures } from "./event-management-messages";
import { refuseUnlessManager, type EventActor, type EventOutcome } from "./event-management.server";

export interface ManagedEventFilter {
  status?: "draft" | "published";
  /** true: active only; false: deleted (inactive) only. */
  active?: boolean;
}

export type ManagedEvent = EventRow & {
  /** Reservations a permanent delete would take with it. */
  reservationCount: number;
  /** 1-based place in the whole list, whatever the filter shows. */
  position: number;
  isFirst: boolean;
  isLast: boolean;
};

// Written out: Drizzle leaves a one-table select's columns unqualified, which a subquery would misread.
const reservationsOfEvent = sql<number>`(select count(*) from "reservations" where "reservations"."event_id" = "events"."id")`;

/** Every event in display order with its place in the list, then filtered. */
export async function listManagedEvents(db: Database, filter: ManagedEventFilter = {}): Promise<ManagedEvent[]> {
  const rows = await db
    .select({ event: events, reservationCount: reservationsOfEvent })
    .from(events)
    .orderBy(asc(events.displayOrder), asc(events.startsAt), asc(events.id));
  return applyFilter(
    rows.map(({ event, reservationCount }, index) => ({
      ...event,
      reservationCount: Number(reservationCount),
      position: index + 1,
      isFirst: index === 0,
      isLast: index === rows.length - 1,
    })),
    filter,
  );
}

function applyFilter(list: ManagedEvent[], filter: ManagedEventFilter): ManagedEvent[] {
  return list.filter((event) => (!filter.status || event.status === filter.status) && (filter.active === undefined || event.isActive === filter.active));
}

export interface EventStats {
  total: number;
  active: number;
  inactive: number;
  featured: number;
  /** Starting now or later. */
  upcoming: number;
  /** Started before now. */
  past: number;
}

/** The six counters over every event; upcoming and past split them by start time against `now`. */
export async function eventStats(db: Database, now = new Date()): Promise<EventStats> {
  const [row] = await db
    .select({
      total: count(),
      active: sql<number>`count(*) filter (where ${events.isActive})`,
      featured: sql<number>`count(*) filter (where ${events.featured})`,
      upcoming: sql<number>`count(*) filter (where ${events.startsAt} >= ${now.toISOString()})`,
    })
    .from(events);
  const total = Number(row?.total ?? 0);
  const active = Number(row?.active ?? 0);
  const upcoming = Number(row?.upcoming ?? 0);
  return { total, active, inactive: total - active, featured: Number(row?.featured ?? 0), upcoming, past: total - upcoming };
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
  const [all, stats, locations] = await Promise.all([listManagedEvents(db), eventStats(db, now), mostUsedLocations(db)]);
  return { ok: true, message: "", events: applyFilter(all, filter), all, stats, locations };
}


import { and, asc, count, eq, ilike, inArray, isNotNull, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "#app/lib/db.server";
import { can, notAllowed, type Actor } from "#app/modules/access";
import { isPastEvent } from "#app/modules/events";
import { pastEventSql } from "#app/modules/events/index.server";
import { events, reservations } from "#db/schema";
import type { ContributionTotals, GuestContribution } from "#app/modules/payments/index.server";
import { contributionsOfEvents } from "./contributions.server";
import { listWaitingList, type WaitingListLine } from "./waiting-list/waiting-list.server";

export interface AdminReservation {
  id: string;
  name: string;
  /** Null for a guest staff added without one. */
  email: string | null;
  phone: string | null;
  seats: number;
  arrivedSeats: number;
  createdAt: Date;
  /** What the guest paid, owes or got back. */
  contribution: GuestContribution;
}

export interface AdminEvent {
  id: string;
  title: string;
  slug: string;
  startsAt: Date;
  isPast: boolean;
  status: "draft" | "published" | "archived";
  maxSeats: number | null;
  /** `events.seats_taken`: reservations plus seats held for waiting-list offers. */
  seatsTaken: number;
  remindersEnabled: boolean;
  /** Every reservation of the event, whatever the search shows (the delete dialog names it). */
  reservationCount: number;
  /** The reservations shown: all of them, or those matching the search. */
  reservations: AdminReservation[];
  waitingList: WaitingListLine[];
  /** Expected, paid, outstanding and refunded over every reservation of the event (whatever the search shows). */
  contributions: ContributionTotals;
}

/** `%text%` for ILIKE, with the pattern's own wildcards taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * The reservations page: every event that takes reservations here (max seats set) or has some,
 * upcoming ones first (soonest first), then past ones (latest first; past by the one rule of the
 * events module: started, or marked 'Past Event'), each with its reservations
 * (oldest first) and waiting list. A search (guest name or e-mail, in the database) keeps only
 * the matching reservations and the events that have any. Only for staff who run reservations,
 * and only the events in their scope (the policy, asked with each event): event staff see no
 * draft, archived or ticket-link event.
 */
export async function listReservationsAdmin(
  db: Database,
  actor: Actor,
  options: { search?: string; now?: Date } = {},
): Promise<{ ok: true; events: AdminEvent[] } | ReturnType<typeof notAllowed>> {
  if (!can(actor, "manage-reservations")) return notAllowed();
  return { ok: true, events: await reservationsByEvent(db, actor, options) };
}

async function reservationsByEvent(db: Database, actor: Actor, options: { search?: string; now?: Date }): Promise<AdminEvent[]> {
  const now = options.now ?? new Date();
  const search = options.search?.trim() ?? "";
  // The one meaning of past (docs/decisions/056): started, or marked 'Past Event' by hand.
  const past = pastEventSql(now);
  const counts = db
    .select({ eventId: reservations.eventId, total: count().as("total") })
    .from(reservations)
    .groupBy(reservations.eventId)
    .as("counts");
  const listed = await db
    .select({ event: events, total: counts.total })
    .from(events)
    .leftJoin(counts, eq(counts.eventId, events.id))
    .where(or(isNotNull(events.maxSeats), sql`${counts.total} > 0`))
    .orderBy(
      sql`case when ${past} then 1 else 0 end`,
      sql`case when ${past} then null else ${events.startsAt} end asc`,
      sql`${events.startsAt} desc`,
      asc(events.id),
    );
  const eventRows = listed.filter(({ event }) => can(actor, "manage-reservations", { event }));
  if (eventRows.length === 0) return [];

  const conditions: SQL[] = [inArray(reservations.eventId, eventRows.map((row) => row.event.id))];
  if (search) conditions.push(or(ilike(reservations.visitorName, containing(search)), ilike(reservations.visitorEmail, containing(search)))!);
  const reservationRows = await db
    .select()
    .from(reservations)
    .where(and(...conditions))
    .orderBy(asc(reservations.createdAt), asc(reservations.id));
  // The totals count every guest of the event, so a search reads them all (only what the states need).
  const everyGuest = search
    ? await db
        .select({ id: reservations.id, eventId: reservations.eventId, seats: reservations.seats, donation: reservations.donation })
        .from(reservations)
        .where(inArray(reservations.eventId, eventRows.map((row) => row.event.id)))
    : reservationRows;
  const { states, totals } = await contributionsOfEvents(db, everyGuest, eventRows.map((row) => row.event.id));
  const byEvent = new Map<string, AdminReservation[]>();
  for (const row of reservationRows) {
    const list = byEvent.get(row.eventId) ?? [];
    list.push({ id: row.id, name: row.visitorName, email: row.visitorEmail, phone: row.phone, seats: row.seats, arrivedSeats: row.arrivedSeats, createdAt: row.createdAt, contribution: states.get(row.id)! });
    byEvent.set(row.eventId, list);
  }

  const shown = search ? eventRows.filter((row) => byEvent.has(row.event.id)) : eventRows;
  return Promise.all(
    shown.map(async ({ event, total }) => ({
      id: event.id,
      title: event.title,
      slug: event.slug,
      startsAt: event.startsAt,
      isPast: isPastEvent(event, now),
      status: event.status,
      maxSeats: event.maxSeats,
      seatsTaken: event.seatsTaken,
      remindersEnabled: event.remindersEnabled,
      reservationCount: Number(total ?? 0),
      reservations: byEvent.get(event.id) ?? [],
      waitingList: await listWaitingList(db, event.id),
      contributions: totals(event.id),
    })),
  );
}

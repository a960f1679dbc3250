import { and, asc, eq, sql } from "drizzle-orm";
import { events, type EventRow } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import { hasControlCharacters } from "#app/modules/security";
import { disabledLabel, eventCardAction, GUEST_LIST_FULL, seatsLeft, type EventCardOptions } from "./event-card-action";
import { formatEventDate, formatEventTime } from "#app/lib/event-dates";
import { inListingOrder } from "./event-order";
import { isPastEvent } from "./event-past";
import type { EventView } from "./event-view";

export type EventWithSeats = EventRow & { seatsReserved: number };

// The event's own counter of the seats its reservations hold (docs/decisions/018): no sum over the
// reservations on every page view. Kept as a column of its own so the listing's shape stays.
const seatsReserved = sql<number>`${events.seatsTaken}`;
/** The public pages show exactly the published events: never drafts, never archived ones. */
const visible = eq(events.status, "published");

/**
 * Published events in listing order (event-order.ts: featured upcoming first, then upcoming by
 * date, then past ones, newest first), with the seats already reserved.
 */
export async function listPublicEvents(db: Database, now: Date = new Date()): Promise<EventWithSeats[]> {
  const rows = await db.select({ event: events, seatsReserved }).from(events).where(visible).orderBy(asc(events.startsAt), asc(events.id));
  return inListingOrder(
    rows.map((row) => ({ ...row.event, seatsReserved: Number(row.seatsReserved) })),
    now,
  );
}

/** One public event by its slug, or null. */
export async function findPublicEventBySlug(db: Database, slug: string): Promise<EventWithSeats | null> {
  // No event's slug holds a control character, and PostgreSQL refuses NUL in a query's text.
  if (hasControlCharacters(slug)) return null;
  const [row] = await db.select({ event: events, seatsReserved }).from(events).where(and(visible, eq(events.slug, slug)));
  return row ? { ...row.event, seatsReserved: Number(row.seatsReserved) } : null;
}

/** The public event placed on a special page (/rsvp main card, /vip), or null. */
export async function findPlacedEvent(db: Database, placement: "rsvp" | "vip"): Promise<EventWithSeats | null> {
  const [row] = await db
    .select({ event: events, seatsReserved })
    .from(events)
    .where(and(visible, eq(events.placement, placement)))
    .orderBy(asc(events.startsAt))
    .limit(1);
  return row ? { ...row.event, seatsReserved: Number(row.seatsReserved) } : null;
}

/** The event as a page shows it, with its card's action decided now. */
export function toEventView(
  event: EventWithSeats,
  options: Omit<EventCardOptions, "now"> & { now: Date; timeZone: string },
): EventView {
  const action = eventCardAction(event, options);
  return {
    id: event.id,
    slug: event.slug,
    title: event.title,
    dateLabel: formatEventDate(event.startsAt, options.timeZone),
    timeLabel: formatEventTime(event.startsAt, options.timeZone),
    startsAt: event.startsAt.toISOString(),
    location: event.location,
    address: event.address,
    description: event.description,
    image: event.image,
    featured: event.featured,
    action,
    seatsLeft: seatsLeft(event),
    waitingList:
      action.kind === "disabled" &&
      action.label === GUEST_LIST_FULL &&
      !event.soldOut &&
      event.maxSeats !== null &&
      !disabledLabel(event.button) &&
      !isPastEvent(event, options.now),
  };
}

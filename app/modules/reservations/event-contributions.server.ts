import { inArray } from "drizzle-orm";
import { reservations } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import { isPastEvent } from "#app/modules/events";
import { findEventsByIds } from "#app/modules/events/index.server";
import type { ContributionTotals } from "#app/modules/payments/index.server";
import { contributionsOfEvents } from "./contributions.server";

/** An event's contributions as the dashboard charts them. */
export interface EventContributions extends ContributionTotals {
  eventId: string;
  title: string;
  startsAt: Date;
  isPast: boolean;
}

/**
 * The contributions of the next upcoming events with guests (soonest first) and of the latest past
 * ones (latest first), `shown` of each: expected, paid, outstanding and refunded, as above each
 * event's guest list. Archived events are left out.
 */
export async function contributionsOfRecentEvents(db: Database, options: { now: Date; shown: number }): Promise<{ upcoming: EventContributions[]; recent: EventContributions[] }> {
  const withGuests = await db.selectDistinct({ eventId: reservations.eventId }).from(reservations);
  const found = [...(await findEventsByIds(db, withGuests.map((row) => row.eventId))).values()].filter((event) => event.status !== "archived");
  const upcoming = found.filter((event) => !isPastEvent(event, options.now)).sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime()).slice(0, options.shown);
  const recent = found.filter((event) => isPastEvent(event, options.now)).sort((a, b) => b.startsAt.getTime() - a.startsAt.getTime()).slice(0, options.shown);
  const chosen = [...upcoming, ...recent];
  if (chosen.length === 0) return { upcoming: [], recent: [] };
  const ids = chosen.map((event) => event.id);
  const guests = await db.select({ id: reservations.id, eventId: reservations.eventId, seats: reservations.seats, donation: reservations.donation }).from(reservations).where(inArray(reservations.eventId, ids));
  const { totals } = await contributionsOfEvents(db, guests, ids);
  const totalsOf = (event: (typeof chosen)[number]): EventContributions => ({
    eventId: event.id,
    title: event.title,
    startsAt: event.startsAt,
    isPast: isPastEvent(event, options.now),
    ...totals(event.id),
  });
  return { upcoming: upcoming.map(totalsOf), recent: recent.map(totalsOf) };
}

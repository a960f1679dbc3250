import { isPastEvent } from "./event-past";

/**
 * The one order every events listing follows, public and staff (docs/decisions/041): upcoming
 * events by date, soonest first, with featured ones pinned before them; then past events, the most
 * recent first. 'Past' is the one rule of event-past.ts (docs/decisions/056): started before now,
 * or marked 'Past Event' by hand. A featured event that is over loses its pin. Pure: browser-safe.
 */
export interface OrderedEventFacts {
  id: string;
  startsAt: Date;
  featured: boolean;
  button: string | null;
}

/** 0: pinned (featured and upcoming), 1: upcoming, 2: past. */
export function listingGroup(event: OrderedEventFacts, now: Date): 0 | 1 | 2 {
  if (isPastEvent(event, now)) return 2;
  return event.featured ? 0 : 1;
}

/** A comparator for Array.prototype.sort: pinned, then upcoming by date, then past newest first; ties by id. */
export function compareForListing(now: Date): (a: OrderedEventFacts, b: OrderedEventFacts) => number {
  return (a, b) => {
    const group = listingGroup(a, now) - listingGroup(b, now);
    if (group !== 0) return group;
    const byDate = a.startsAt.getTime() - b.startsAt.getTime();
    if (byDate !== 0) return listingGroup(a, now) === 2 ? -byDate : byDate;
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  };
}

/** A sorted copy of `events` in listing order. */
export function inListingOrder<Event extends OrderedEventFacts>(events: readonly Event[], now: Date): Event[] {
  return [...events].sort(compareForListing(now));
}

import { disabledLabel, PAST_EVENT } from "./event-labels";

/**
 * The one meaning of "past" (docs/decisions/056). An event is past when it has started (its start,
 * a real instant entered in the venue's time zone, is before now) or when staff marked it 'Past
 * Event' by hand (its button text, in any case and spacing). Everything that splits events into
 * upcoming and past asks this: the event card, the public listings' order, the events page's
 * '(past)' and counters, the dashboard's Next events and counters, the reservations page's order
 * and 'Past' badge, and where event staff land. Where a query filters or counts, it uses
 * `pastEventSql` / `upcomingEventSql` (event-past.server.ts), built from the same two facts.
 * Pure and browser-safe.
 */
export interface PastEventFacts {
  startsAt: Date;
  button: string | null;
}

/** Marked 'Past Event' by hand, whatever its date (the spec's own label, read in any case and spacing). */
export function isMarkedPast(button: string | null): boolean {
  return disabledLabel(button) === PAST_EVENT;
}

/** Past: started before `now`, or marked 'Past Event'. An event starting exactly now is still upcoming. */
export function isPastEvent(event: PastEventFacts, now: Date): boolean {
  return event.startsAt.getTime() < now.getTime() || isMarkedPast(event.button);
}

/** Upcoming: not past. */
export function isUpcomingEvent(event: PastEventFacts, now: Date): boolean {
  return !isPastEvent(event, now);
}

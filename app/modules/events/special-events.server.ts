import type { Database } from "#app/lib/db.server";
import { logFailure } from "#app/lib/log.server";
import { siteConfig } from "#app/lib/site-config";
import { DEFAULT_RESERVE_LABEL, PRIVATE_EVENT, disabledLabel } from "./event-card-action";
import { isPastEvent } from "./event-past";
import type { EventView } from "./event-view";
import { findPlacedEvent, listPublicEvents, toEventView, type EventWithSeats } from "./list-events.server";

/**
 * The special pages of the spec (public-site.md section 2): /reserve and /rsvp show a main card and
 * an optional second one, /vip one invitation. Which events they show is event data (placement),
 * not ids or dates written into the pages (DESIGN.md, difference 2).
 */
export const VIP_RESERVE_LABEL = "Reserve VIP Spot";

export interface ReservePageEvents {
  main: EventView | null;
  second: EventView | null;
}

const view = (event: EventWithSeats, now: Date, options: { forceReserve?: boolean; reserveLabel?: string } = {}) =>
  toEventView(event, { now, timeZone: siteConfig.venue.timeZone, ...options });

/**
 * The main card is the event placed 'rsvp', in forced reserve mode with 'Reserve Your Spot' (its
 * ticket link is ignored); without one, the first listed event keeps its own button. Past events
 * (the one rule, event-past.ts: started, or marked 'Past Event') are dropped first, a full one too. The optional second card prefers a private event,
 * else the next upcoming one not placed on another page; it is forced into reserve mode unless it
 * is private.
 */
export function chooseReserveEvents(listed: EventWithSeats[], now: Date): ReservePageEvents {
  const upcoming = listed.filter((event) => !isPastEvent(event, now));
  const placed = upcoming.find((event) => event.placement === "rsvp");
  const mainEvent = placed ?? upcoming[0];
  if (!mainEvent) return { main: null, second: null };

  const main = placed ? withReserveLabel(view(placed, now, { forceReserve: true }), DEFAULT_RESERVE_LABEL) : view(mainEvent, now);
  const others = upcoming.filter((event) => event.id !== mainEvent.id && event.placement === null);
  const secondEvent = others.find((event) => disabledLabel(event.button) === PRIVATE_EVENT) ?? others[0];
  const second = secondEvent
    ? view(secondEvent, now, { forceReserve: disabledLabel(secondEvent.button) !== PRIVATE_EVENT })
    : null;
  return { main, second };
}

/** The /vip invitation: the event placed 'vip', unless it is over; featured, forced reserve, 'Reserve VIP Spot'. */
export function chooseVipEvent(placed: EventWithSeats | null, now: Date): EventView | null {
  if (!placed || isPastEvent(placed, now)) return null;
  return { ...withReserveLabel(view(placed, now, { forceReserve: true }), VIP_RESERVE_LABEL), featured: true };
}

/** A special page names its own button, whatever label the event carries, when the card reserves. */
function withReserveLabel(event: EventView, label: string): EventView {
  return event.action.kind === "reserve" ? { ...event, action: { kind: "reserve", label } } : event;
}

/**
 * The cards of /reserve and /rsvp; a failed load is logged and shows as no events (spec section 8),
 * with `failed` set so that the route answers 503 rather than a plausible empty page.
 */
export async function loadReservePageEvents(db: Database, now = new Date()): Promise<{ events: ReservePageEvents; failed: boolean }> {
  try {
    return { events: chooseReserveEvents(await listPublicEvents(db, now), now), failed: false };
  } catch (error) {
    logFailure("events", "loading the events of a reserve page", error);
    return { events: { main: null, second: null }, failed: true };
  }
}

/** The /vip event, or null when there is none to invite to; `failed` when it could not be loaded (logged). */
export async function loadVipEvent(db: Database, now = new Date()): Promise<{ event: EventView | null; failed: boolean }> {
  try {
    return { event: chooseVipEvent(await findPlacedEvent(db, "vip"), now), failed: false };
  } catch (error) {
    logFailure("events", "loading the VIP event", error);
    return { event: null, failed: true };
  }
}

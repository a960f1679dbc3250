import { COMING_SOON, disabledLabel, PAST_EVENT, PRIVATE_EVENT } from "./event-labels";
import { isPastEvent } from "./event-past";

export { COMING_SOON, disabledLabel, PAST_EVENT, PRIVATE_EVENT };

/**
 * What an event card's button is: the spec's rules (public-site.md section 4) as one pure function.
 * Safe for the browser; loaders compute it on the server so pages need no date code.
 */
export type EventCardAction =
  | { kind: "disabled"; label: string }
  | { kind: "tickets"; label: "Get Tickets"; href: string }
  | { kind: "reserve"; label: string };

export interface EventCardFacts {
  startsAt: Date;
  button: string | null;
  getTicketsLink: string | null;
  soldOut: boolean;
  /** null: no on-site reservations. */
  maxSeats: number | null;
  seatsReserved: number;
}

export interface EventCardOptions {
  now: Date;
  /** The page insists on the reserve dialog (the /rsvp main card, /vip), ignoring a ticket link. */
  forceReserve?: boolean;
  /** The reserve button's label when the event has none of its own. */
  reserveLabel?: string;
}

export const DEFAULT_RESERVE_LABEL = "Reserve Your Spot";
export const GUEST_LIST_FULL = "Guest List Full";

export function isSoldOut(facts: Pick<EventCardFacts, "soldOut" | "maxSeats" | "seatsReserved">): boolean {
  return facts.soldOut || (facts.maxSeats !== null && facts.seatsReserved >= facts.maxSeats);
}

export function eventCardAction(facts: EventCardFacts, options: EventCardOptions): EventCardAction {
  if (isSoldOut(facts)) return { kind: "disabled", label: GUEST_LIST_FULL };
  const fixed = disabledLabel(facts.button);
  if (fixed) return { kind: "disabled", label: fixed };
  // The one meaning of past (event-past.ts): the label was read above, so what is left is the start.
  if (isPastEvent(facts, options.now)) return { kind: "disabled", label: PAST_EVENT };
  if (facts.getTicketsLink && !options.forceReserve) return { kind: "tickets", label: "Get Tickets", href: facts.getTicketsLink };
  // Without seats to reserve here (and no ticket link to follow) there is nothing to open yet.
  if (facts.maxSeats === null) return { kind: "disabled", label: COMING_SOON };
  const label = facts.button?.trim() || options.reserveLabel || DEFAULT_RESERVE_LABEL;
  return { kind: "reserve", label };
}

/** Seats still free, never below zero; null when the event takes no reservations here. */
export function seatsLeft(facts: Pick<EventCardFacts, "maxSeats" | "seatsReserved">): number | null {
  return facts.maxSeats === null ? null : Math.max(0, facts.maxSeats - facts.seatsReserved);
}

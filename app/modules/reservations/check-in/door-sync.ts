import { z } from "zod/mini";
import type { CheckInGuest } from "./check-in";

/**
 * The door phone's contract with the server (docs/decisions/067), shared by the sync endpoint,
 * the phone's store and the scanner. Safe for the browser.
 *
 * A phone keeps the door list of the events it opened (IndexedDB) and queues every tap it makes,
 * each with its own id. The sync endpoint applies the queued taps in order, each id once, and
 * answers the list as it now stands; the phone drops what was answered and shows the list with
 * whatever is still queued applied on top.
 */

/** arrive: check in `seats` more seats (capped at the reservation's); undo: one seat fewer; walk-in: a new guest, arrived. */
export const doorTapKinds = ["arrive", "undo", "walk-in"] as const;
export type DoorTapKind = (typeof doorTapKinds)[number];

/** Most taps one sync may carry; a phone with more sends them in several. */
export const DOOR_SYNC_MAX_TAPS = 200;

export const doorTapSchema = z.object({
  /** The phone's id for this tap: a UUID made when it was tapped. */
  id: z.uuid(),
  kind: z.enum(doorTapKinds),
  /** The guest. For a walk-in, the id the phone gave the new guest (the tap's own id); later taps on that guest use it too. */
  reservationId: z.uuid(),
  /** arrive: how many seats; walk-in: the party's seats. */
  seats: z.optional(z.int().check(z.minimum(1), z.maximum(10))),
  /** When it was tapped, by the phone's clock (ISO 8601). */
  at: z.iso.datetime({ offset: true }),
  /** A walk-in's details, checked by the guest form's rules on the server. */
  name: z.optional(z.string().check(z.maxLength(200))),
  email: z.optional(z.string().check(z.maxLength(320))),
  phone: z.optional(z.string().check(z.maxLength(40))),
});
export type DoorTap = z.infer<typeof doorTapSchema>;

export const doorSyncSchema = z.object({ taps: z.array(doorTapSchema).check(z.maxLength(DOOR_SYNC_MAX_TAPS)) });

/** A guest of a phone's door list: what the page shows, with the ticket code's hash and the first arrival. */
export interface DoorGuest extends CheckInGuest {
  /** SHA-256 (hex) of the guest's ticket code: the phone finds a scanned code by hashing it. */
  ticketHash: string;
  /** When the first seat arrived (ISO) and by whom, or null. */
  firstArrival: { at: string; by: string } | null;
}

export interface DoorList {
  event: {
    id: string;
    title: string;
    /** ISO instant. */
    startsAt: string;
    /** "Tuesday, December 9th, 7:00 PM" in the venue's time zone. */
    when: string;
    location: string | null;
    maxSeats: number | null;
  };
  guests: DoorGuest[];
  /** Σ seats of the guests: above maxSeats when walk-ins arrived at a full event. */
  seatsTaken: number;
  overCapacity: boolean;
  /** When the server read it (ISO). */
  asOf: string;
  /** The phone forgets this list after this instant (the end of the day after the event, ISO). */
  keepUntil: string;
}

export type DoorTapOutcome = "applied" | "unchanged" | "refused";

export interface DoorSyncAnswer {
  /** One per tap sent, in order; a tap sent again answers as it did the first time. */
  taps: Array<{ id: string; outcome: DoorTapOutcome; message: string }>;
  list: DoorList;
}

/** What the server says of a ticket code this phone's list does not hold. */
export type TicketLookup =
  | { kind: "guest"; reservationId: string }
  | { kind: "other-event"; eventTitle: string; when: string }
  | { kind: "cancelled" }
  | { kind: "unknown" };

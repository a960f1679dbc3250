import { z } from "zod/mini";
import type { GuestContributionView } from "../contribution-words";

/**
 * Check-in at the door: the schema the page's forms and the server share, the page's texts, and
 * the pure rules (search, counts, what a tap does) the page and the use cases both follow.
 * Safe for the browser.
 */
export const checkInMessages = {
  guestNotFound: "This guest is not on this event's list (the reservation was cancelled or belongs to another event).",
  eventNotFound: "Event not found.",
  unknownAction: "Unknown check-in action.",
  couldNotSave: "Could not save the check-in. Please try again.",
  couldNotLoad: "Could not load the guest list. Please reload the page.",
} as const;

/** What a tap asks: one more seat, every seat of the reservation, or one seat fewer (undo). */
export const checkInIntents = ["arrive-one", "arrive-all", "undo"] as const;
export type CheckInIntent = (typeof checkInIntents)[number];

export const checkInSchema = z.object({
  eventId: z.uuid(checkInMessages.eventNotFound),
  reservationId: z.uuid(checkInMessages.guestNotFound),
  intent: z.enum(checkInIntents, checkInMessages.unknownAction),
});
export type CheckInInput = z.infer<typeof checkInSchema>;

export interface CheckInGuest {
  reservationId: string;
  name: string;
  /** Null for a walk-in (or phone booking) staff added without one. */
  email: string | null;
  phone: string | null;
  seats: number;
  arrivedSeats: number;
  /** Paid (how, how much), refunded, or unpaid with what is expected. */
  contribution: GuestContributionView;
}

/** Lower case without accents, spaces collapsed: 'José  López' matches 'jose lopez'. */
function searchable(text: string): string {
  return text.normalize("NFD").replace(/\p{Diacritic}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();
}

/** Whether a guest matches the search box: every word of it appears in the name or the e-mail. */
export function guestMatches(guest: Pick<CheckInGuest, "name" | "email">, query: string): boolean {
  const words = searchable(query).split(" ").filter(Boolean);
  if (words.length === 0) return true;
  const haystack = `${searchable(guest.name)} ${searchable(guest.email ?? "")}`;
  return words.every((word) => haystack.includes(word));
}

export interface ArrivalCounts {
  arrivedSeats: number;
  expectedSeats: number;
  /** Guests (reservations) with at least one seat arrived. */
  arrivedGuests: number;
  expectedGuests: number;
}

export function countArrivals(guests: ReadonlyArray<Pick<CheckInGuest, "seats" | "arrivedSeats">>): ArrivalCounts {
  return guests.reduce<ArrivalCounts>(
    (counts, guest) => ({
      arrivedSeats: counts.arrivedSeats + guest.arrivedSeats,
      expectedSeats: counts.expectedSeats + guest.seats,
      arrivedGuests: counts.arrivedGuests + (guest.arrivedSeats > 0 ? 1 : 0),
      expectedGuests: counts.expectedGuests + 1,
    }),
    { arrivedSeats: 0, expectedSeats: 0, arrivedGuests: 0, expectedGuests: 0 },
  );
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The sentence a screen reader hears when the counts change. */
export function arrivalSummary(counts: ArrivalCounts): string {
  return `${counts.arrivedSeats} of ${plural(counts.expectedSeats, "seat", "seats")} arrived, ${counts.arrivedGuests} of ${plural(counts.expectedGuests, "guest", "guests")}.`;
}

/**
 * The arrived seats after a tap, or null when the tap changes nothing (everyone already in, or
 * nobody to undo). The database applies the same rule relative to its stored value.
 */
export function arrivedAfter(intent: CheckInIntent, arrivedSeats: number, seats: number): number | null {
  if (intent === "undo") return arrivedSeats > 0 ? arrivedSeats - 1 : null;
  if (arrivedSeats >= seats) return null;
  return intent === "arrive-all" ? seats : arrivedSeats + 1;
}

/** The arrived seats a device shows while its own taps are still on their way: each applied in turn. */
export function arrivedWithPending(arrivedSeats: number, seats: number, pending: readonly CheckInIntent[]): number {
  return pending.reduce((arrived, intent) => arrivedAfter(intent, arrived, seats) ?? arrived, arrivedSeats);
}

/** What the use case answers after a tap: the guest's seats as they now stand. */
export function arrivalMessage(name: string, arrivedSeats: number, seats: number): string {
  if (arrivedSeats === 0) return `${name}: no seats arrived.`;
  if (arrivedSeats === seats) return seats === 1 ? `${name} has arrived.` : `${name}: all ${seats} seats arrived.`;
  return `${name}: ${arrivedSeats} of ${seats} seats arrived.`;
}

/** Why a tap changed nothing. */
export function unchangedMessage(intent: CheckInIntent, name: string, seats: number): string {
  if (intent === "undo") return `No arrival to undo for ${name}.`;
  return seats === 1 ? `${name} has already arrived.` : `All ${seats} seats of ${name} have already arrived.`;
}

/** The buttons' accessible names: visible text first, then whom it is for. */
export function tapLabels(name: string, seats: number) {
  return {
    arriveOne: { visible: "Mark 1 seat arrived", forWhom: ` for ${name}` },
    arriveAll: { visible: `Mark all ${seats} seats arrived`, forWhom: ` for ${name}` },
    undo: { visible: "Undo 1 arrival", forWhom: ` for ${name}` },
  };
}

import type { DoorGuest, TicketLookup } from "./door-sync";

/**
 * What the door scanner shows for a code it read (issue 38 §2). Safe for the browser: the page
 * finds a code among its door list's guests by hash, and asks the server only for a code the list
 * does not hold (TicketLookup); either way the scanner gets one of these and says it in words.
 */
export type ScanResult =
  /** One of this event's guests, as the door list has them now. */
  | { kind: "guest"; guest: Pick<DoorGuest, "reservationId" | "name" | "seats" | "arrivedSeats" | "firstArrival"> }
  /** What the server said of a code this list does not hold. */
  | Exclude<TicketLookup, { kind: "guest" }>;

export type ScanTone = "go" | "done" | "stop";

export interface ScanWords {
  /** The large line: "Ada Lovelace — 2 seats", "Not one of our tickets". */
  headline: string;
  /** A second line when there is more to say, else null. */
  detail: string | null;
  /** go: seats to check in; done: already in; stop: turn the guest away or search by name. */
  tone: ScanTone;
  /** The seats still to check in (the stepper's top and the button's default), 0 when none. */
  seatsToCheckIn: number;
}

const seatsWord = (count: number) => `${count} ${count === 1 ? "seat" : "seats"}`;

/**
 * The scanner's words for a result. `formatTime` writes an instant as the venue's clock shows it
 * ("7:02 PM"); passed in so this stays free of time-zone code and testable.
 */
export function describeScan(result: ScanResult, formatTime: (instant: Date) => string): ScanWords {
  switch (result.kind) {
    case "guest": {
      const { name, seats, arrivedSeats, firstArrival } = result.guest;
      const headline = `${name} — ${seatsWord(seats)}`;
      const left = Math.max(0, seats - arrivedSeats);
      if (left === 0) {
        const when = firstArrival ? ` at ${formatTime(new Date(firstArrival.at))} by ${firstArrival.by}` : "";
        return { headline, detail: `Already checked in${when}`, tone: "done", seatsToCheckIn: 0 };
      }
      const detail = arrivedSeats > 0 ? `${arrivedSeats} of ${seatsWord(seats)} already arrived` : null;
      return { headline, detail, tone: "go", seatsToCheckIn: left };
    }
    case "other-event":
      return { headline: `This ticket is for ${result.when}`, detail: result.eventTitle, tone: "stop", seatsToCheckIn: 0 };
    case "cancelled":
      return { headline: "Cancelled reservation", detail: "This ticket's reservation was cancelled.", tone: "stop", seatsToCheckIn: 0 };
    case "unknown":
      return { headline: "Not one of our tickets", detail: null, tone: "stop", seatsToCheckIn: 0 };
  }
}

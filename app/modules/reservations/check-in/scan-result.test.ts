import { describe, expect, it } from "vitest";
import { describeScan, type ScanResult } from "./scan-result";

const clock = (instant: Date) => `${instant.getUTCHours() - 12}:${String(instant.getUTCMinutes()).padStart(2, "0")} PM`;
const ada = { reservationId: "5b0c6f7e-9a51-4a5e-8d1c-2f0e3b7c9a10", name: "Ada Lovelace", seats: 2, arrivedSeats: 0, firstArrival: null };

describe("describeScan", () => {
  it("names a guest still to arrive, with every seat to check in", () => {
    expect(describeScan({ kind: "guest", guest: ada }, clock)).toEqual({ headline: "Ada Lovelace — 2 seats", detail: null, tone: "go", seatsToCheckIn: 2 });
  });

  it("offers only the seats still to arrive when some came already", () => {
    const words = describeScan({ kind: "guest", guest: { ...ada, seats: 3, arrivedSeats: 1 } }, clock);
    expect(words).toEqual({ headline: "Ada Lovelace — 3 seats", detail: "1 of 3 seats already arrived", tone: "go", seatsToCheckIn: 2 });
  });

  it("says one seat in the singular", () => {
    expect(describeScan({ kind: "guest", guest: { ...ada, seats: 1 } }, clock).headline).toBe("Ada Lovelace — 1 seat");
  });

  it("says when and by whom a guest whose seats all arrived was first checked in", () => {
    const result: ScanResult = { kind: "guest", guest: { ...ada, arrivedSeats: 2, firstArrival: { at: "2032-12-09T19:02:00Z", by: "staff@harmonia.example" } } };
    expect(describeScan(result, clock)).toEqual({
      headline: "Ada Lovelace — 2 seats",
      detail: "Already checked in at 7:02 PM by staff@harmonia.example",
      tone: "done",
      seatsToCheckIn: 0,
    });
  });

  it("still says already checked in when the first arrival was not recorded", () => {
    expect(describeScan({ kind: "guest", guest: { ...ada, arrivedSeats: 2 } }, clock).detail).toBe("Already checked in");
  });

  it("names another event's ticket, a cancelled reservation and a code that is none of ours", () => {
    expect(describeScan({ kind: "other-event", eventTitle: "Winter Nocturnes", when: "December 9th" }, clock)).toEqual({
      headline: "This ticket is for December 9th",
      detail: "Winter Nocturnes",
      tone: "stop",
      seatsToCheckIn: 0,
    });
    expect(describeScan({ kind: "cancelled" }, clock)).toMatchObject({ headline: "Cancelled reservation", tone: "stop", seatsToCheckIn: 0 });
    expect(describeScan({ kind: "unknown" }, clock)).toEqual({ headline: "Not one of our tickets", detail: null, tone: "stop", seatsToCheckIn: 0 });
  });
});

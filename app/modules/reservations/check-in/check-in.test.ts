import { describe, expect, it } from "vitest";
import { arrivalMessage, arrivalSummary, arrivedAfter, arrivedWithPending, checkInSchema, countArrivals, guestMatches, unchangedMessage } from "./check-in";

describe("check-in rules", () => {
  it("finds a guest by any part of the name or e-mail, whatever the case and accents", () => {
    const guest = { name: "José  López", email: "jose.lopez@example.com" };
    expect(guestMatches(guest, "")).toBe(true);
    expect(guestMatches(guest, "   ")).toBe(true);
    expect(guestMatches(guest, "jose lopez")).toBe(true);
    expect(guestMatches(guest, "LÓP")).toBe(true);
    expect(guestMatches(guest, "example.com")).toBe(true);
    expect(guestMatches(guest, "lopez ana")).toBe(false);
    expect(guestMatches(guest, "maria")).toBe(false);
  });

  it("counts arrived and expected seats and guests", () => {
    const counts = countArrivals([
      { seats: 3, arrivedSeats: 2 },
      { seats: 1, arrivedSeats: 0 },
      { seats: 2, arrivedSeats: 2 },
    ]);
    expect(counts).toEqual({ arrivedSeats: 4, expectedSeats: 6, arrivedGuests: 2, expectedGuests: 3 });
    expect(arrivalSummary(counts)).toBe("4 of 6 seats arrived, 2 of 3 guests.");
    expect(arrivalSummary(countArrivals([{ seats: 1, arrivedSeats: 1 }]))).toBe("1 of 1 seat arrived, 1 of 1 guest.");
    expect(countArrivals([])).toEqual({ arrivedSeats: 0, expectedSeats: 0, arrivedGuests: 0, expectedGuests: 0 });
  });

  it("lets a group arrive one seat at a time or all at once, never past its seats, and undo one at a time", () => {
    expect(arrivedAfter("arrive-one", 0, 3)).toBe(1);
    expect(arrivedAfter("arrive-one", 2, 3)).toBe(3);
    expect(arrivedAfter("arrive-one", 3, 3)).toBeNull();
    expect(arrivedAfter("arrive-all", 1, 3)).toBe(3);
    expect(arrivedAfter("arrive-all", 3, 3)).toBeNull();
    expect(arrivedAfter("undo", 3, 3)).toBe(2);
    expect(arrivedAfter("undo", 0, 3)).toBeNull();
  });

  it("shows a device's own taps in flight on top of the stored count, each within bounds", () => {
    expect(arrivedWithPending(0, 3, [])).toBe(0);
    expect(arrivedWithPending(0, 3, ["arrive-one", "arrive-one"])).toBe(2);
    expect(arrivedWithPending(2, 3, ["arrive-one", "arrive-one", "arrive-one"])).toBe(3);
    expect(arrivedWithPending(1, 3, ["undo", "undo"])).toBe(0);
    expect(arrivedWithPending(0, 3, ["arrive-all", "undo"])).toBe(2);
  });

  it("words the outcome of a tap", () => {
    expect(arrivalMessage("Ana Lopez", 1, 3)).toBe("Ana Lopez: 1 of 3 seats arrived.");
    expect(arrivalMessage("Ana Lopez", 3, 3)).toBe("Ana Lopez: all 3 seats arrived.");
    expect(arrivalMessage("Ana Lopez", 1, 1)).toBe("Ana Lopez has arrived.");
    expect(arrivalMessage("Ana Lopez", 0, 2)).toBe("Ana Lopez: no seats arrived.");
    expect(unchangedMessage("arrive-one", "Ana Lopez", 3)).toBe("All 3 seats of Ana Lopez have already arrived.");
    expect(unchangedMessage("undo", "Ana Lopez", 3)).toBe("No arrival to undo for Ana Lopez.");
  });

  it("accepts only a known tap on a reservation and event named by their ids", () => {
    const ids = { eventId: "6f1c1a52-1b1e-4b55-9a0e-8a0f3c0c0d11", reservationId: "1e2b1a52-1b1e-4b55-9a0e-8a0f3c0c0d22" };
    expect(checkInSchema.safeParse({ ...ids, intent: "arrive-one" }).success).toBe(true);
    expect(checkInSchema.safeParse({ ...ids, intent: "arrive-many" }).success).toBe(false);
    expect(checkInSchema.safeParse({ ...ids, reservationId: "42", intent: "undo" }).success).toBe(false);
  });
});

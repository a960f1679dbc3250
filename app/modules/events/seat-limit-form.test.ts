import { describe, expect, it } from "vitest";
import { maxSeatsSchema, seatLimitMessages } from "./seat-limit-form";

describe("max seats typed on the reservations page", () => {
  it("takes a whole number of at least 1", () => {
    expect(maxSeatsSchema.parse({ maxSeats: " 12 " })).toEqual({ maxSeats: 12 });
    for (const maxSeats of ["0", "-1", "2.5", "", "many"]) {
      const result = maxSeatsSchema.safeParse({ maxSeats });
      expect(result.success, maxSeats).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(seatLimitMessages.maxSeats);
    }
  });
});

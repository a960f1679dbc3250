import { describe, expect, it } from "vitest";
import { seatsInWords } from "./format";

describe("seatsInWords", () => {
  it("says seats the way a founder would", () => {
    expect(seatsInWords({ maxSeats: 12, seatsTaken: 9 })).toBe("9 of 12 seats taken, 3 left");
    expect(seatsInWords({ maxSeats: 12, seatsTaken: 12 })).toBe("Full: 12 of 12 seats taken");
    expect(seatsInWords({ maxSeats: 1, seatsTaken: 1 })).toBe("Full: 1 of 1 seat taken");
    expect(seatsInWords({ maxSeats: 12, seatsTaken: 0 })).toBe("No seats taken yet: 12 free");
    expect(seatsInWords({ maxSeats: null, seatsTaken: 0 })).toBe("Tickets sold elsewhere");
    expect(seatsInWords({ maxSeats: 0, seatsTaken: 0 })).toBe("No seats offered");
  });
});

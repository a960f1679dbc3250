import { describe, expect, it } from "vitest";
import { dateRangeLabel, formatEventDate, formatEventTime } from "./event-dates";

const la = "America/Los_Angeles";

describe("event dates", () => {
  it("formats the date and time in the venue's time zone", () => {
    // 01:30 UTC on the 16th is 6:30 PM on the 15th in San Diego (summer time).
    const startsAt = new Date("2025-08-16T01:30:00Z");
    expect(formatEventDate(startsAt, la)).toBe("August 15th, 2025");
    expect(formatEventTime(startsAt, la)).toBe("6:30 PM");
    expect(formatEventDate(new Date("2025-09-01T19:00:00Z"), la)).toBe("September 1st, 2025");
    expect(formatEventTime(new Date("2025-12-02T17:05:00Z"), la)).toBe("9:05 AM");
  });

  it("labels the span of the listed events", () => {
    expect(dateRangeLabel([new Date("2025-07-10T02:00:00Z"), new Date("2025-05-03T02:00:00Z"), new Date("2025-06-01T02:00:00Z")], la)).toBe("May - July 2025");
    expect(dateRangeLabel([new Date("2025-05-03T20:00:00Z")], la)).toBe("May 2025");
    expect(dateRangeLabel([new Date("2025-12-20T20:00:00Z"), new Date("2026-01-05T20:00:00Z")], la)).toBe("December 2025 - January 2026");
    expect(dateRangeLabel([], la)).toBeNull();
  });
});

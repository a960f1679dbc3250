import { describe, expect, it } from "vitest";
import { dayIn, fillDays, shortDay } from "./day-series";

describe("day series", () => {
  it("takes the calendar day in the venue's zone, not UTC's", () => {
    expect(dayIn(new Date("2026-03-02T05:00:00Z"), "America/Los_Angeles")).toBe("2026-03-01");
  });

  it("fills the days without counts with zero, oldest first, across a month end", () => {
    const now = new Date("2026-03-02T20:00:00Z");
    expect(fillDays([{ day: "2026-02-28", count: 4 }, { day: "2026-03-02", count: 1 }], now, 4, "America/Los_Angeles")).toEqual([
      { day: "2026-02-27", count: 0 },
      { day: "2026-02-28", count: 4 },
      { day: "2026-03-01", count: 0 },
      { day: "2026-03-02", count: 1 },
    ]);
  });

  it("names a day briefly", () => {
    expect(shortDay("2026-11-03")).toBe("Nov 3");
  });
});

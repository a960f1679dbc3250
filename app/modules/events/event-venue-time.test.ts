import { describe, expect, it } from "vitest";
import { formatEventDate, formatEventTime } from "#app/lib/event-dates";
import { instantToVenueDateTime, venueDateTimeToInstant } from "./event-venue-time";

const la = "America/Los_Angeles";

describe("the venue's date and time as staff enter them", () => {
  it("turns a summer evening in La Jolla into the instant (UTC-7)", () => {
    const instant = venueDateTimeToInstant("2025-08-15", "18:30", la);
    expect(instant.toISOString()).toBe("2025-08-16T01:30:00.000Z");
    expect(formatEventDate(instant, la)).toBe("August 15th, 2025");
    expect(formatEventTime(instant, la)).toBe("6:30 PM");
  });

  it("follows the change to winter time (UTC-8)", () => {
    expect(venueDateTimeToInstant("2025-12-01", "18:30", la).toISOString()).toBe("2025-12-02T02:30:00.000Z");
    expect(venueDateTimeToInstant("2025-11-02", "09:00", la).toISOString()).toBe("2025-11-02T17:00:00.000Z");
  });

  it("reads an instant back as the form's fields, whatever the server's zone", () => {
    expect(instantToVenueDateTime(new Date("2025-08-16T01:30:00Z"), la)).toEqual({ date: "2025-08-15", time: "18:30" });
    expect(instantToVenueDateTime(new Date("2026-01-01T07:59:00Z"), la)).toEqual({ date: "2025-12-31", time: "23:59" });
  });

  it("round-trips every quarter hour of a day", () => {
    for (let minutes = 0; minutes < 24 * 60; minutes += 15) {
      const time = `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
      expect(instantToVenueDateTime(venueDateTimeToInstant("2026-06-20", time, la), la)).toEqual({ date: "2026-06-20", time });
    }
  });
});

import { describe, expect, it } from "vitest";
import { formatVenueTime, isWithinSendingHours, nextSendingTime } from "./quiet-hours";

const venue = "America/Los_Angeles";

describe("quiet hours (10:00–20:00 venue time)", () => {
  it("lets a send start at once between 10:00 and 20:00", () => {
    const noon = new Date("2026-11-23T20:00:00Z"); // 12:00 in California (PST, UTC-8)
    expect(isWithinSendingHours(noon, venue)).toBe(true);
    expect(nextSendingTime(noon, venue)).toEqual(noon);
    expect(isWithinSendingHours(new Date("2026-11-23T18:00:00Z"), venue)).toBe(true); // 10:00 sharp
    expect(isWithinSendingHours(new Date("2026-11-24T03:59:59Z"), venue)).toBe(true); // 19:59:59
  });

  it("moves an evening send to tomorrow's 10:00 and an early one to today's", () => {
    expect(isWithinSendingHours(new Date("2026-11-24T04:00:00Z"), venue)).toBe(false); // 20:00 sharp
    expect(nextSendingTime(new Date("2026-11-24T05:30:00Z"), venue).toISOString()).toBe("2026-11-24T18:00:00.000Z"); // 21:30 on the 23rd
    expect(nextSendingTime(new Date("2026-11-24T14:00:00Z"), venue).toISOString()).toBe("2026-11-24T18:00:00.000Z"); // 06:00 on the 24th
    expect(nextSendingTime(new Date("2026-11-24T08:00:00Z"), venue).toISOString()).toBe("2026-11-24T18:00:00.000Z"); // midnight
  });

  it("crosses the end of a month and of a year", () => {
    expect(nextSendingTime(new Date("2026-12-01T05:00:00Z"), venue).toISOString()).toBe("2026-12-01T18:00:00.000Z"); // 21:00 on 30 Nov
    expect(nextSendingTime(new Date("2027-01-01T06:00:00Z"), venue).toISOString()).toBe("2027-01-01T18:00:00.000Z"); // 22:00 on 31 Dec
  });

  it("lands on 10:00 local across the spring-forward night (clocks skip 02:00–03:00)", () => {
    // Saturday 7 March 2026, 21:00 PST → Sunday 8 March 10:00 PDT (UTC-7): 12 h later, not 13.
    const evening = new Date("2026-03-08T05:00:00Z");
    const next = nextSendingTime(evening, venue);
    expect(next.toISOString()).toBe("2026-03-08T17:00:00.000Z");
    expect(next.getTime() - evening.getTime()).toBe(12 * 3_600_000);
    // 01:30 PST, just before the jump, still goes to the same day's 10:00 PDT.
    expect(nextSendingTime(new Date("2026-03-08T09:30:00Z"), venue).toISOString()).toBe("2026-03-08T17:00:00.000Z");
  });

  it("lands on 10:00 local across the fall-back night (01:00–02:00 happens twice)", () => {
    // Saturday 31 October 2026, 21:00 PDT → Sunday 1 November 10:00 PST (UTC-8): 14 h later.
    const evening = new Date("2026-11-01T04:00:00Z");
    const next = nextSendingTime(evening, venue);
    expect(next.toISOString()).toBe("2026-11-01T18:00:00.000Z");
    expect(next.getTime() - evening.getTime()).toBe(14 * 3_600_000);
    // Both 01:30s of that night go to the same 10:00.
    expect(nextSendingTime(new Date("2026-11-01T08:30:00Z"), venue).toISOString()).toBe("2026-11-01T18:00:00.000Z");
    expect(nextSendingTime(new Date("2026-11-01T09:30:00Z"), venue).toISOString()).toBe("2026-11-01T18:00:00.000Z");
  });

  it("follows the venue's own zone, not the server's", () => {
    // 09:00 UTC is 10:00 in London in winter, but 01:00 in California.
    const at = new Date("2026-11-24T10:00:00Z");
    expect(isWithinSendingHours(at, "Europe/London")).toBe(true);
    expect(isWithinSendingHours(at, venue)).toBe(false);
  });

  it("says the time in the venue's words", () => {
    expect(formatVenueTime(new Date("2026-11-24T18:00:00Z"), venue)).toBe("10:00 AM, Tuesday 24 November (venue time)");
  });
});

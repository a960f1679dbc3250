import { describe, expect, it } from "vitest";
import { MAX_DATE_TEXT_LENGTH, parseLegacyDate, parseLegacyDay, parseLegacyTime, parseLegacyTimestamp, readLegacyTimestamp, TIMESTAMP_FORM } from "./legacy-dates";

const zone = "America/Los_Angeles";
const now = new Date("2026-11-26T12:00:00Z");

describe("the old site's free-text dates", () => {
  it("reads every form the spec shows, ordinal suffixes and weekdays stripped", () => {
    expect(parseLegacyDay("August 15th, 2025")).toEqual({ month: 8, day: 15, year: 2025 });
    expect(parseLegacyDay("Sept 14")).toEqual({ month: 9, day: 14, year: undefined });
    expect(parseLegacyDay("Saturday, Aug 1st 2026")).toEqual({ month: 8, day: 1, year: 2026 });
    expect(parseLegacyDay("14 September 2025")).toEqual({ month: 9, day: 14, year: 2025 });
    expect(parseLegacyDay("2025-09-14")).toEqual({ month: 9, day: 14, year: 2025 });
    expect(parseLegacyDay("9/14/25")).toEqual({ month: 9, day: 14, year: 2025 });
    expect(parseLegacyDay("TBA")).toBeNull();
    expect(parseLegacyDay("Smarch 3")).toBeNull();
    expect(parseLegacyDay("")).toBeNull();
  });

  it("reads times with and without minutes and meridiem", () => {
    expect(parseLegacyTime("6:30 PM")).toEqual({ hour: 18, minute: 30 });
    expect(parseLegacyTime("7 pm")).toEqual({ hour: 19, minute: 0 });
    expect(parseLegacyTime("12:00 a.m.")).toEqual({ hour: 0, minute: 0 });
    expect(parseLegacyTime("18:45")).toEqual({ hour: 18, minute: 45 });
    expect(parseLegacyTime("6:30 - 8:30 PM")).toEqual({ hour: 18, minute: 30 });
    expect(parseLegacyTime("TBA")).toBeNull();
    expect(parseLegacyTime("7")).toBeNull();
  });

  it("combines them in the venue's zone; a missing year is the default year, else the row's", () => {
    expect(parseLegacyDate("August 15th, 2025", "6:30 PM", { timeZone: zone, now })).toEqual({ ok: true, startsAt: new Date("2025-08-16T01:30:00Z") });
    expect(parseLegacyDate("Sept 14", "6:00 PM", { timeZone: zone, now, defaultYear: 2024, createdAt: new Date("2025-06-01T00:00:00Z") })).toEqual({
      ok: true,
      startsAt: new Date("2024-09-15T01:00:00Z"),
      yearAssumed: 2024,
    });
    expect(parseLegacyDate("Sept 14", "6:00 PM", { timeZone: zone, now, createdAt: new Date("2025-06-01T00:00:00Z") })).toMatchObject({ yearAssumed: 2025 });
    expect(parseLegacyDate("Dec 21, 2026", "TBA", { timeZone: zone, now })).toEqual({ ok: true, startsAt: new Date("2026-12-22T03:00:00Z"), timeAssumed: true });
    expect(parseLegacyDate("TBA", "6:30 PM", { timeZone: zone, now })).toEqual({ ok: false });
  });

  it("reads timestamps as PostgreSQL prints them and as ISO; no zone is the venue's clock", () => {
    expect(parseLegacyTimestamp("2025-09-14 18:00:00+00", zone)).toEqual(new Date("2025-09-14T18:00:00Z"));
    expect(parseLegacyTimestamp("2025-09-14 18:00:00.123-07", zone)).toEqual(new Date("2025-09-15T01:00:00.123Z"));
    expect(parseLegacyTimestamp("2025-09-14 18:00:00+0530", zone)).toEqual(new Date("2025-09-14T12:30:00Z"));
    expect(parseLegacyTimestamp("2025-09-14T18:00:00.000Z", zone)).toEqual(new Date("2025-09-14T18:00:00Z"));
    expect(readLegacyTimestamp("2025-09-14 18:00:00", zone)).toEqual({ ok: true, at: new Date("2025-09-15T01:00:00Z"), zoned: false });
    expect(parseLegacyTimestamp("2025-09-14 18:00:00", "America/New_York")).toEqual(new Date("2025-09-14T22:00:00Z"));
    expect(parseLegacyTimestamp("2025-09-14", zone)).toEqual(new Date("2025-09-14T07:00:00Z"));
    // As a spreadsheet saves it again.
    expect(parseLegacyTimestamp("9/14/2025 6:00 PM", zone)).toEqual(new Date("2025-09-15T01:00:00Z"));
    expect(parseLegacyTimestamp("9/14/25 18:00", zone)).toEqual(new Date("2025-09-15T01:00:00Z"));
  });

  it("says a timestamp has no year, never guesses one (JavaScript's Date would say 2001), and refuses days the calendar lacks", () => {
    for (const cell of ["Sept 14", "Sep 14 18:00", "9/14 7pm", "14 September 6 PM"]) expect(readLegacyTimestamp(cell, zone), cell).toEqual({ ok: false, problem: "it has no year" });
    for (const cell of ["yesterday", "2025-02-30 10:00:00+00", "2025-02-29 10:00", "2025-09-14 25:00", "13/14/2025", "September 14, 2025 7 PM"])
      expect(readLegacyTimestamp(cell, zone), cell).toEqual({ ok: false, problem: `not ${TIMESTAMP_FORM}` });
  });

  it("answers hostile cells (100 KB of one character, nested quotes) without reading past the cap", () => {
    const cells = ["1", "a", " ", "-", "+", ":", '"', "1st ", "mon "].map((unit) => unit.repeat(Math.ceil(100_000 / unit.length)));
    cells.push(`"${'""'.repeat(50_000)}"`, `August ${"1".repeat(90_000)}th`);
    for (const cell of cells) {
      expect(parseLegacyDay(cell)).toBeNull();
      expect(parseLegacyTime(cell)).toBeNull();
      expect(parseLegacyTimestamp(cell, zone)).toBeNull();
      expect(parseLegacyDate(cell, cell, { timeZone: zone, now })).toEqual({ ok: false });
    }
    // Up to the cap the linear patterns still read what they should, and refuse what they should.
    const padded = `August 15th, 2025${" ".repeat(MAX_DATE_TEXT_LENGTH - 17)}`;
    expect(padded).toHaveLength(MAX_DATE_TEXT_LENGTH);
    expect(parseLegacyDay(padded)).toEqual({ month: 8, day: 15, year: 2025 });
    expect(parseLegacyDay(`${padded} `)).toBeNull();
    expect(parseLegacyDay("1".repeat(MAX_DATE_TEXT_LENGTH - 2) + "st")).toBeNull();
    expect(parseLegacyDay("Sunday, September 21st")).toEqual({ month: 9, day: 21, year: undefined });
    expect(parseLegacyTime(`${"1".repeat(MAX_DATE_TEXT_LENGTH - 2)}pm`)).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { checkEmail, checkLine, checkProfile, checkText, isSiteSlug, leaveOutOversizedCells, legacyRules, MAX_CELL_LENGTH, shown } from "./legacy-fields";

/** Cells an old export could hold by accident or on purpose: 100 KB of one character, nested quotes. */
const hostile = ["a", "1", " ", ".", "@", "-", '"', "\u0000", "\n"].map((character) => character.repeat(100_000));
const nestedQuotes = `"${'""'.repeat(20_000)}a${'\\"'.repeat(20_000)}"`;

describe("legacy cells against the forms' rules", () => {
  it("takes control characters out of one-line text, then applies the form's limit", () => {
    expect(checkLine("Evening\nwith\u0007 bells\r\n", legacyRules.eventTitle)).toEqual({ ok: true, value: "Evening with  bells", cleaned: true });
    expect(checkLine("  Candlelight Piano  ", legacyRules.eventTitle)).toEqual({ ok: true, value: "Candlelight Piano", cleaned: false });
    expect(checkLine("x".repeat(10_240), legacyRules.eventTitle)).toEqual({ ok: false, problem: "At most 200 characters" });
    expect(checkLine(" \u0000 ", legacyRules.eventTitle)).toEqual({ ok: true, value: null, cleaned: true });
    expect(checkLine(null, legacyRules.eventTitle)).toEqual({ ok: true, value: null, cleaned: false });
  });

  it("keeps line breaks in text of several lines and takes the other control characters out", () => {
    expect(checkText("First line.\nSecond\u0000 line.\u001b", legacyRules.eventDescription)).toEqual({ ok: true, value: "First line.\nSecond  line.", cleaned: true });
    expect(checkText("One.\r\nTwo.", legacyRules.eventDescription)).toEqual({ ok: true, value: "One.\r\nTwo.", cleaned: false });
  });

  it("takes https ticket links only, as the event form does", () => {
    expect(checkLine("https://tickets.example.com/x", legacyRules.ticketsLink)).toEqual({ ok: true, value: "https://tickets.example.com/x", cleaned: false });
    expect(checkLine("http://tickets.example.com/x", legacyRules.ticketsLink)).toEqual({ ok: false, problem: "Tickets link must be a full address starting with https://" });
    expect(checkLine("javascript:alert(1)", legacyRules.ticketsLink)).toMatchObject({ ok: false });
  });

  it("reads e-mail addresses by the forms' rule, trimmed and lower-cased", () => {
    expect(checkEmail("  Maya.Lin@Example.com ", legacyRules.communityEmail)).toBe("maya.lin@example.com");
    expect(checkEmail("not-an-email", legacyRules.communityEmail)).toBeNull();
    expect(checkEmail(`${"a".repeat(250)}@example.com`, legacyRules.guestEmail)).toBeNull();
  });

  it("answers hostile cells without matching more than the cap", () => {
    for (const cell of [...hostile, nestedQuotes]) {
      expect(checkLine(cell, legacyRules.eventTitle)).toEqual({ ok: false, problem: "longer than 16,384 characters" });
      expect(checkText(cell, legacyRules.eventDescription)).toMatchObject({ ok: false });
      expect(checkEmail(cell, legacyRules.memberEmail)).toBeNull();
      expect(checkEmail(`a@${cell}`, legacyRules.listEmail)).toBeNull();
      expect(isSiteSlug(cell)).toBe(false);
      expect(shown(cell).length).toBeLessThan(100);
    }
    // Just under the cap, the forms' own rules answer (and their patterns are linear on it).
    const under = "a".repeat(MAX_CELL_LENGTH);
    expect(checkLine(under, legacyRules.eventTitle)).toEqual({ ok: false, problem: "At most 200 characters" });
    expect(checkEmail(`${under.slice(20)}@example.com`, legacyRules.guestEmail)).toBeNull();
    expect(checkEmail(`a@${"a.".repeat(MAX_CELL_LENGTH / 2 - 2)}`, legacyRules.guestEmail)).toBeNull();
  });

  it("empties a row's oversized cells before anything reads them", () => {
    const row: Record<string, string | null> = { id: "7", title: "x".repeat(MAX_CELL_LENGTH + 1), email: "a@example.com", bio: null };
    expect(leaveOutOversizedCells(row)).toEqual(["title"]);
    expect(row).toEqual({ id: "7", title: null, email: "a@example.com", bio: null });
  });

  it("quotes values in the report on one line and cut short", () => {
    expect(shown("Maya\nLin")).toBe("Maya Lin");
    expect(shown("x".repeat(10_240))).toBe(`${"x".repeat(60)}… (10,240 characters)`);
    expect(shown(null)).toBe("");
  });

  it("keeps a slug only as the site writes them", () => {
    expect(isSiteSlug("full-moon-meditation-1757898000")).toBe(true);
    for (const slug of ["Full-Moon", "moon--night", "-moon", "moon-", "../admin", "moon\nnight", "x".repeat(201)]) expect(isSiteSlug(slug), slug).toBe(false);
  });

  it("checks a profile as the profile form does, leaving out what it refuses", () => {
    expect(checkProfile({ full_name: "Maya\u0000 Lin", bio: "Line one\nline two", preferred_meditation_duration: "20", preferred_meditation_time: "evening" })).toEqual({
      values: { fullName: "Maya  Lin", bio: "Line one\nline two", preferredMeditationDuration: "20", preferredMeditationTime: "evening" },
      notes: ["full_name: control characters taken out"],
    });
    const refused = checkProfile({ full_name: "x".repeat(101), bio: null, preferred_meditation_duration: "7", preferred_meditation_time: null });
    expect(refused.values).toEqual({ fullName: null, bio: null, preferredMeditationDuration: null, preferredMeditationTime: null });
    expect(refused.notes).toEqual([
      `full_name '${"x".repeat(60)}… (101 characters)' left out: Please keep your name to 100 characters or fewer.`,
      "preferred_meditation_duration '7' left out: Please choose one of the listed durations.",
    ]);
  });
});

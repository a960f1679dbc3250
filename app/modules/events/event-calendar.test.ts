import { describe, expect, it } from "vitest";
import {
  calendarTimestamp,
  escapeCalendarText,
  eventCalendarFile,
  foldCalendarLine,
  googleCalendarUrl,
  type CalendarEvent,
} from "./event-calendar";

const event: CalendarEvent = {
  id: "6f1c2f3e-5b1a-4c7e-9d2b-0a1b2c3d4e5f",
  title: "Candlelight Piano Meditation",
  slug: "candlelight-piano-meditation-1755221400",
  // 6:30 PM in San Diego on August 14th, 2025 (PDT, UTC-7).
  startsAt: new Date("2025-08-15T01:30:00Z"),
  durationMinutes: 90,
  location: "A private home in La Jolla",
  address: "La Jolla, San Diego, CA",
  description: "Live piano; slow breath, candlelight.\nBring a mat.",
};
const options = { publicUrl: "https://harmonia.example", now: new Date("2025-08-01T09:15:00Z") };

/** The file's logical lines: folded continuations joined back. */
const unfold = (file: string) => file.replace(/\r\n /g, "").split("\r\n");

describe("eventCalendarFile", () => {
  const file = eventCalendarFile(event, options);

  it("is one VEVENT inside a VCALENDAR with CRLF line ends", () => {
    expect(file.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")).toBe(true);
    expect(file.endsWith("END:VEVENT\r\nEND:VCALENDAR\r\n")).toBe(true);
    expect(file.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    expect(unfold(file)).toContain("METHOD:PUBLISH");
  });

  it("gives the event's id as UID and its times in UTC, ending after the duration", () => {
    const lines = unfold(file);
    expect(lines).toContain("UID:6f1c2f3e-5b1a-4c7e-9d2b-0a1b2c3d4e5f@harmonia.example");
    expect(lines).toContain("DTSTAMP:20250801T091500Z");
    expect(lines).toContain("DTSTART:20250815T013000Z");
    expect(lines).toContain("DTEND:20250815T030000Z");
  });

  it("escapes its text values and links to the event page", () => {
    const lines = unfold(file);
    expect(lines).toContain("SUMMARY:Candlelight Piano Meditation");
    expect(lines).toContain("LOCATION:A private home in La Jolla\\, La Jolla\\, San Diego\\, CA");
    expect(lines).toContain(
      "DESCRIPTION:Live piano\\; slow breath\\, candlelight.\\nBring a mat.\\n\\nhttps://harmonia.example/events/candlelight-piano-meditation-1755221400",
    );
    expect(lines).toContain("URL:https://harmonia.example/events/candlelight-piano-meditation-1755221400");
  });

  it("folds every line to at most 75 octets", () => {
    for (const line of file.split("\r\n")) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(file).toMatch(/\r\n /);
  });

  it("leaves LOCATION out when the event has no place", () => {
    const file = eventCalendarFile({ ...event, location: null, address: " " }, options);
    expect(file).not.toContain("LOCATION");
  });
});

describe("escapeCalendarText", () => {
  it("escapes backslash, semicolon, comma and every kind of line break", () => {
    expect(escapeCalendarText("a\\b;c,d\ne\r\nf\rg")).toBe("a\\\\b\\;c\\,d\\ne\\nf\\ng");
  });
});

describe("foldCalendarLine", () => {
  it("keeps a line of 75 octets whole and folds the 76th onto a line starting with a space", () => {
    expect(foldCalendarLine("x".repeat(75))).toBe("x".repeat(75));
    expect(foldCalendarLine("x".repeat(76))).toBe(`${"x".repeat(75)}\r\n x`);
  });

  it("counts the continuation's leading space", () => {
    const folded = foldCalendarLine("x".repeat(75 + 74 + 1)).split("\r\n");
    expect(folded).toEqual(["x".repeat(75), ` ${"x".repeat(74)}`, " x"]);
  });

  it("never splits a multi-byte character", () => {
    const folded = foldCalendarLine(`SUMMARY:${"é".repeat(80)}`).split("\r\n");
    for (const part of folded) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
    expect(folded.map((part, index) => (index === 0 ? part : part.slice(1))).join("")).toBe(`SUMMARY:${"é".repeat(80)}`);
    // 8 ASCII octets plus 33 two-octet characters fill 74; the 34th would make 76.
    expect(folded[0]).toBe(`SUMMARY:${"é".repeat(33)}`);
  });
});

describe("calendarTimestamp", () => {
  it("writes an instant in UTC without separators or milliseconds", () => {
    expect(calendarTimestamp(new Date("2025-12-31T23:59:59.999Z"))).toBe("20251231T235959Z");
  });
});

describe("googleCalendarUrl", () => {
  it("opens Google's event template with title, UTC dates, details and place", () => {
    const url = new URL(googleCalendarUrl(event, options));
    expect(`${url.origin}${url.pathname}`).toBe("https://calendar.google.com/calendar/render");
    expect(url.searchParams.get("action")).toBe("TEMPLATE");
    expect(url.searchParams.get("text")).toBe("Candlelight Piano Meditation");
    expect(url.searchParams.get("dates")).toBe("20250815T013000Z/20250815T030000Z");
    expect(url.searchParams.get("details")).toBe(
      "Live piano; slow breath, candlelight.\nBring a mat.\n\nhttps://harmonia.example/events/candlelight-piano-meditation-1755221400",
    );
    expect(url.searchParams.get("location")).toBe("A private home in La Jolla, La Jolla, San Diego, CA");
  });
});

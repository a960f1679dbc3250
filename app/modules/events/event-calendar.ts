import type { EventRow } from "#db/schema";
import { siteConfig } from "#app/lib/site-config";

/**
 * An event as calendars see it: an RFC 5545 file (the e-mail's attachment, the event page's
 * download) and a Google Calendar link. Pure, so both the e-mail and the page build the same thing.
 */
export type CalendarEvent = Pick<
  EventRow,
  "id" | "title" | "slug" | "startsAt" | "durationMinutes" | "location" | "address" | "description"
>;

export interface CalendarOptions {
  /** The site's address, for the event page's link and the UID's domain. */
  publicUrl: string;
  /** When the file is made (DTSTAMP); now unless a test fixes it. */
  now?: Date;
}

export const CALENDAR_CONTENT_TYPE = "text/calendar; charset=utf-8; method=PUBLISH";
export const CALENDAR_FILE_NAME = "invite.ics";

const MAX_LINE_OCTETS = 75;

export function eventPageUrl(event: Pick<EventRow, "slug">, publicUrl: string): string {
  return `${publicUrl.replace(/\/+$/, "")}/events/${encodeURIComponent(event.slug)}`;
}

export function eventEndsAt(event: Pick<EventRow, "startsAt" | "durationMinutes">): Date {
  return new Date(event.startsAt.getTime() + event.durationMinutes * 60_000);
}

/** 2025-08-15T01:30:00.000Z → 20250815T013000Z, the UTC form both iCalendar and Google use. */
export function calendarTimestamp(instant: Date): string {
  return instant.toISOString().replace(/\.\d{3}Z$/, "Z").replace(/[-:]/g, "");
}

/** The location line: the place and its address, without repeating either when one is missing. */
function placeOf(event: CalendarEvent): string {
  return [event.location, event.address].filter((part): part is string => Boolean(part?.trim())).join(", ");
}

function detailsOf(event: CalendarEvent, pageUrl: string): string {
  return `${event.description}\n\n${pageUrl}`;
}

/** TEXT values escape backslash, semicolon, comma and line breaks (RFC 5545 §3.3.11). */
export function escapeCalendarText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/** How many octets UTF-8 takes for one code point. */
const utf8Octets = (codePoint: number) => (codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4);

/**
 * Folds a content line so no physical line exceeds 75 octets (RFC 5545 §3.1): continuation lines
 * start with one space, and a multi-byte character is never split.
 */
export function foldCalendarLine(line: string): string {
  // Most lines are short ASCII: nothing to fold, and no per-character work.
  if (line.length <= MAX_LINE_OCTETS && !/[^ -~\t]/.test(line)) return line;
  const parts: string[] = [];
  let current = "";
  let currentOctets = 0;
  for (const character of line) {
    const octets = utf8Octets(character.codePointAt(0)!);
    // Every line after the first carries the leading space, which counts towards its 75 octets.
    const limit = parts.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1;
    if (currentOctets + octets > limit) {
      parts.push(current);
      current = "";
      currentOctets = 0;
    }
    current += character;
    currentOctets += octets;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

/** The event as a one-event iCalendar file (CRLF line ends, folded lines, times in UTC). */
export function eventCalendarFile(event: CalendarEvent, options: CalendarOptions): string {
  const pageUrl = eventPageUrl(event, options.publicUrl);
  const domain = new URL(options.publicUrl).hostname;
  const place = placeOf(event);
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//${escapeCalendarText(siteConfig.brand.name)}//Events//EN`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:${event.id}@${domain}`,
    `DTSTAMP:${calendarTimestamp(options.now ?? new Date())}`,
    `DTSTART:${calendarTimestamp(event.startsAt)}`,
    `DTEND:${calendarTimestamp(eventEndsAt(event))}`,
    `SUMMARY:${escapeCalendarText(event.title)}`,
    ...(place ? [`LOCATION:${escapeCalendarText(place)}`] : []),
    `DESCRIPTION:${escapeCalendarText(detailsOf(event, pageUrl))}`,
    `URL:${pageUrl}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(foldCalendarLine).join("\r\n")}\r\n`;
}

/** A link that opens Google Calendar's "new event" form filled in with this event. */
export function googleCalendarUrl(event: CalendarEvent, options: Pick<CalendarOptions, "publicUrl">): string {
  const params = new URLSearchParams({
    action: "TEMPLATE",
    text: event.title,
    dates: `${calendarTimestamp(event.startsAt)}/${calendarTimestamp(eventEndsAt(event))}`,
    details: detailsOf(event, eventPageUrl(event, options.publicUrl)),
    location: placeOf(event),
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}

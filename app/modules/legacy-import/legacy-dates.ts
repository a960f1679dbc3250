import { TZDate } from "@date-fns/tz";
import { venueDateTimeToInstant } from "#app/modules/events";

/**
 * The old site's free-text event dates ('August 15th, 2025', 'Sept 14', 'Sat, Aug 15') and times
 * ('6:30 PM', '7 pm', '18:30'), read as the venue's clock shows them. The spec's own rules: ordinal
 * suffixes are stripped and date and time combined; unlike the old site, a missing year is not
 * taken to be 2025 but given (the default year, else the year the row was made) and said.
 */

const MONTHS: Record<string, number> = {
  jan: 1, january: 1, feb: 2, february: 2, mar: 3, march: 3, apr: 4, april: 4, may: 5, jun: 6, june: 6,
  jul: 7, july: 7, aug: 8, august: 8, sep: 9, sept: 9, september: 9, oct: 10, october: 10, nov: 11, november: 11,
  dec: 12, december: 12,
};

/**
 * The longest date, time or timestamp text read; anything longer is unreadable without a look.
 * The cells come from a file nobody checked, so every pattern below runs only on text this short,
 * and each is linear besides (no nested or adjacent repeats that could backtrack).
 */
export const MAX_DATE_TEXT_LENGTH = 100;

/** When the time is missing or unreadable: the evening hour most gatherings start at. */
export const ASSUMED_TIME = { hour: 19, minute: 0 } as const;

export type LegacyDateOutcome =
  | {
      ok: true;
      startsAt: Date;
      /** Set when the date had no year and this one was taken. */
      yearAssumed?: number;
      /** Set when the time could not be read and ASSUMED_TIME was taken. */
      timeAssumed?: boolean;
    }
  | { ok: false };

interface CalendarDay {
  year?: number;
  month: number;
  day: number;
}

export function parseLegacyDay(text: string | null | undefined): CalendarDay | null {
  if (!text || text.length > MAX_DATE_TEXT_LENGTH) return null;
  const cleaned = text
    .trim()
    .toLowerCase()
    // The suffix after a number's last digit ('15th' → '15'): one digit, so nothing to backtrack over.
    .replace(/(\d)(?:st|nd|rd|th)\b/g, "$1")
    .replace(/^(mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)[a-z]*\.?,?\s+/, "")
    .replace(/\s+/g, " ");
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})/.exec(cleaned);
  if (match) return valid({ year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) });
  match = /^(\d{1,2})\/(\d{1,2})(?:\/(\d{2}|\d{4}))?$/.exec(cleaned);
  if (match) return valid({ month: Number(match[1]), day: Number(match[2]), year: match[3] ? fullYear(match[3]) : undefined });
  match = /^([a-z]+)\.? (\d{1,2}),? ?(\d{4})?$/.exec(cleaned);
  if (match && MONTHS[match[1]!]) return valid({ month: MONTHS[match[1]!]!, day: Number(match[2]), year: match[3] ? Number(match[3]) : undefined });
  match = /^(\d{1,2}) ([a-z]+)\.?,? ?(\d{4})?$/.exec(cleaned);
  if (match && MONTHS[match[2]!]) return valid({ month: MONTHS[match[2]!]!, day: Number(match[1]), year: match[3] ? Number(match[3]) : undefined });
  return null;
}

export function parseLegacyTime(text: string | null | undefined): { hour: number; minute: number } | null {
  if (!text || text.length > MAX_DATE_TEXT_LENGTH) return null;
  const cleaned = text.trim().toLowerCase().replace(/\./g, "");
  const match = /^(\d{1,2})(?::(\d{2}))?\s*(am|pm|a|p)?\b/.exec(cleaned);
  if (!match) return null;
  let hour = Number(match[1]);
  const minute = match[2] ? Number(match[2]) : 0;
  // '6:30 - 8:30 PM': the meridiem may come after the end of the range.
  const meridiem = match[3] ?? /\b(am|pm)\b/.exec(cleaned)?.[1];
  if (!meridiem && !match[2]) return null;
  if (minute > 59) return null;
  if (meridiem) {
    if (hour < 1 || hour > 12) return null;
    if (meridiem.startsWith("p") && hour !== 12) hour += 12;
    if (meridiem.startsWith("a") && hour === 12) hour = 0;
  } else if (hour > 23) return null;
  return { hour, minute };
}

export function parseLegacyDate(
  dateText: string | null | undefined,
  timeText: string | null | undefined,
  options: { timeZone: string; defaultYear?: number; createdAt?: Date | null; now: Date },
): LegacyDateOutcome {
  const day = parseLegacyDay(dateText);
  if (!day) return { ok: false };
  const year = day.year ?? options.defaultYear ?? (options.createdAt ?? options.now).getUTCFullYear();
  const time = parseLegacyTime(timeText);
  const pad = (value: number) => String(value).padStart(2, "0");
  const startsAt = venueDateTimeToInstant(
    `${year}-${pad(day.month)}-${pad(day.day)}`,
    `${pad(time?.hour ?? ASSUMED_TIME.hour)}:${pad(time?.minute ?? ASSUMED_TIME.minute)}`,
    options.timeZone,
  );
  if (Number.isNaN(startsAt.getTime())) return { ok: false };
  return { ok: true, startsAt, ...(day.year ? {} : { yearAssumed: year }), ...(time ? {} : { timeAssumed: true }) };
}

export type LegacyTimestamp = { ok: true; at: Date; zoned: boolean } | { ok: false; problem: string };

/** What a date-and-time cell must look like, for the report. */
export const TIMESTAMP_FORM = "a date and time such as 2024-03-01 10:00:00+00";

/**
 * A date-and-time cell (created_at, event_date, sent_at…): as PostgreSQL prints it ('2025-09-14
 * 18:00:00+00', '…-07', '…+05:30'), as ISO 8601 ('2025-09-14T18:00:00Z'), or as a spreadsheet
 * re-saves it ('9/14/2025 6:00 PM'). Without an offset it is the venue's clock (`timeZone`), like
 * the free-text event dates. Nothing else is guessed: a cell without a year ('Sept 14') says so
 * (JavaScript's own Date parser would have made it 2001), anything else is not a date.
 */
export function readLegacyTimestamp(text: string | null | undefined, timeZone: string): LegacyTimestamp {
  if (!text || text.length > MAX_DATE_TEXT_LENGTH) return { ok: false, problem: `not ${TIMESTAMP_FORM}` };
  const value = text.trim();
  let match = ISO_TIMESTAMP.exec(value);
  if (match) {
    const [, year, month, day, hour = "00", minute = "00", second = "00", fraction = "", offset] = match;
    const milliseconds = Number(fraction.padEnd(3, "0").slice(0, 3));
    if (!validClock(Number(year), Number(month), Number(day), Number(hour), Number(minute), Number(second))) return { ok: false, problem: `not ${TIMESTAMP_FORM}` };
    if (offset) {
      // '+00' and '+0530' as PostgreSQL prints offsets; JavaScript wants '+00:00'.
      const iso = offset.toUpperCase() === "Z" ? "Z" : offset.length === 3 ? `${offset}:00` : offset.includes(":") ? offset : `${offset.slice(0, 3)}:${offset.slice(3)}`;
      const at = new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}.${String(milliseconds).padStart(3, "0")}${iso}`);
      return Number.isNaN(at.getTime()) ? { ok: false, problem: `not ${TIMESTAMP_FORM}` } : { ok: true, at, zoned: true };
    }
    return venueClock(Number(year), Number(month), Number(day), Number(hour), Number(minute), Number(second), milliseconds, timeZone);
  }
  match = US_TIMESTAMP.exec(value);
  if (match) {
    const [, month, day, year, clock] = match;
    const time = clock === undefined ? { hour: 0, minute: 0 } : parseLegacyTime(clock);
    if (!time || !validClock(fullYear(year!), Number(month), Number(day), time.hour, time.minute, 0)) return { ok: false, problem: `not ${TIMESTAMP_FORM}` };
    return venueClock(fullYear(year!), Number(month), Number(day), time.hour, time.minute, 0, 0, timeZone);
  }
  if (!/\d{4}/.test(value) && (MONTH_WORD.test(value) || /^\d{1,2}[/-]\d{1,2}(?![/\d])/.test(value))) return { ok: false, problem: "it has no year" };
  return { ok: false, problem: `not ${TIMESTAMP_FORM}` };
}

/** A date-and-time cell as an instant, or null (readLegacyTimestamp says why). */
export function parseLegacyTimestamp(text: string | null | undefined, timeZone: string): Date | null {
  const read = readLegacyTimestamp(text, timeZone);
  return read.ok ? read.at : null;
}

// Each part a fixed run of digits, the separators single characters: nothing to backtrack over.
const ISO_TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)? ?(Z|[+-]\d{2}(?::?\d{2})?)?$/i;
const US_TIMESTAMP = /^(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2}),? ?(\d{1,2}(?::\d{2}){0,2} ?(?:[ap]\.?m\.?)?)?$/i;
const MONTH_WORD = /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b/i;

/** A day the calendar has ('February 30th' would roll over into March) and a time the clock shows. */
function validClock(year: number, month: number, day: number, hour: number, minute: number, second: number): boolean {
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return year >= 1900 && year <= 2200 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth && hour <= 23 && minute <= 59 && second <= 59;
}

function venueClock(year: number, month: number, day: number, hour: number, minute: number, second: number, milliseconds: number, timeZone: string): LegacyTimestamp {
  const at = new Date(new TZDate(year, month - 1, day, hour, minute, second, milliseconds, timeZone).getTime());
  return Number.isNaN(at.getTime()) ? { ok: false, problem: `not ${TIMESTAMP_FORM}` } : { ok: true, at, zoned: false };
}

function valid(day: CalendarDay): CalendarDay | null {
  if (day.month < 1 || day.month > 12 || day.day < 1 || day.day > 31) return null;
  if (day.year !== undefined && (day.year < 1900 || day.year > 2200)) return null;
  return day;
}

function fullYear(text: string): number {
  return text.length === 2 ? 2000 + Number(text) : Number(text);
}

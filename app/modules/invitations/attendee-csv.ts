import { readCsvRecords } from "#app/lib/csv-reading";
import { yieldToEventLoop } from "#app/lib/event-loop";
import { withoutControlCharacters } from "#app/modules/security";
import { attendeeImportMessages } from "./attendee-import-messages";
import { normaliseEmailAddress } from "#app/lib/email-address";

/**
 * The spec's rules for a ticketing export of past attendees (members-and-staff.md section 5),
 * pure so they are tested on their own: at least 2 lines, an e-mail column, columns found by
 * their header, rows without '@' or starting with TOTALS dropped. One person on several rows
 * (one row per ticket or per event) becomes one person with their event history.
 */

export interface PastEvent {
  name: string;
  /** `YYYY-MM-DD` when the file gave a year; otherwise the date as written (no year is assumed). */
  date?: string;
}

export interface AttendeeImportPerson {
  /** Trimmed and lower-cased: how people are compared. */
  email: string;
  firstName: string;
  lastName: string;
  fullName: string;
  city: string;
  state: string;
  eventHistory: PastEvent[];
  /** The file's row numbers (the header is row 1) this person was read from. */
  rows: number[];
}

export interface DroppedRow {
  row: number;
  reason: string;
  /** What the row had in its e-mail column (or first cell), to help staff find it. */
  text: string;
}

export type AttendeeCsvResult =
  | { ok: true; people: AttendeeImportPerson[]; dropped: DroppedRow[]; rowCount: number }
  | { ok: false; message: string };

export type AttendeeColumn = "email" | "firstName" | "lastName" | "city" | "state" | "eventName" | "eventDate";

/**
 * What a header must contain to be each column. The event columns are claimed before 'first' and
 * 'last' so that a header like 'Event Name' is never taken for a name.
 */
const headerKeys: [AttendeeColumn, string][] = [
  ["email", "email"],
  ["eventName", "event name"],
  ["eventDate", "event start date"],
  ["firstName", "first"],
  ["lastName", "last"],
  ["city", "city"],
  ["state", "state"],
];

/** Which column holds what: the first header (not yet claimed) containing the key, case-insensitively. */
export function findColumns(headers: readonly string[]): Partial<Record<AttendeeColumn, number>> {
  const lowered = headers.map((header) => header.trim().toLowerCase());
  const claimed = new Set<number>();
  const columns: Partial<Record<AttendeeColumn, number>> = {};
  for (const [column, key] of headerKeys) {
    const index = lowered.findIndex((header, at) => !claimed.has(at) && header.includes(key));
    if (index === -1) continue;
    columns[column] = index;
    claimed.add(index);
  }
  return columns;
}

const MAX_EMAIL_LENGTH = 254;
const MAX_FIELD_LENGTH = 200;
/**
 * How much of a cell is looked at: a cell is untrusted and may be megabytes long, and no field we
 * keep is longer than MAX_FIELD_LENGTH; the margin leaves room for blanks and control characters
 * in front, which are trimmed away.
 */
const MAX_CELL_SCAN = 1024;

/**
 * The shape `local@domain.tld` (one '@', no blank, a dot inside the domain), checked without a
 * regular expression that could backtrack: what `/^[^\s@]+@[^\s@]+\.[^\s@]+$/` accepts, in linear time.
 */
export function hasEmailShape(email: string): boolean {
  const at = email.indexOf("@");
  if (at < 1 || email.includes("@", at + 1) || /\s/.test(email)) return false;
  const domain = email.slice(at + 1);
  // A dot with at least one character on each side of it.
  return domain.length >= 3 && domain.lastIndexOf(".", domain.length - 2) >= 1;
}

const months = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];

function monthNumber(word: string): number | undefined {
  const lowered = word.toLowerCase().replace(/\.$/, "");
  if (lowered.length < 3) return undefined;
  const index = months.findIndex((month) => month.startsWith(lowered));
  return index === -1 ? undefined : index + 1;
}

function isoDate(year: number, month: number, day: number): string | undefined {
  if (month < 1 || month > 12 || day < 1 || day > 31) return undefined;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1) return undefined;
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/**
 * A ticketing export's event date, by the spec's rule (ordinal suffixes stripped, a time after the
 * date ignored) but, unlike the spec, never with an assumed year (DESIGN.md difference 3): a date
 * with a year becomes `YYYY-MM-DD`; one without ('Sep 14th') is kept as written, ordinals removed.
 * Understood: 2025-09-14, 9/14/2025 (month first, as US exports write it), September 14th, 2025,
 * 14 September 2025, Sun, Sep 14 2025; a time after any of them ('6:00 PM', 'T18:00') is dropped.
 */
export function parseEventDate(text: string): string | undefined {
  // Capped before any pattern meets it (the file's cell is untrusted); an ordinal suffix is taken
  // off after its last digit, so no pattern here runs over a run of digits more than once.
  const cleaned = text
    .slice(0, MAX_FIELD_LENGTH)
    .trim()
    .replace(/(\d)(st|nd|rd|th)\b/gi, "$1")
    .replace(/\s+/g, " ");
  if (!cleaned) return undefined;

  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:$|[T\s])/.exec(cleaned);
  if (iso) return isoDate(Number(iso[1]), Number(iso[2]), Number(iso[3])) ?? cleaned;

  const slashed = /^(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})(?:$|[\s,])/.exec(cleaned);
  if (slashed) {
    const year = slashed[3]!.length === 2 ? 2000 + Number(slashed[3]) : Number(slashed[3]);
    return isoDate(year, Number(slashed[1]), Number(slashed[2])) ?? cleaned;
  }

  // Words: drop a weekday in front ('Sun,' / 'Sunday'), then month-day or day-month, then a year if any.
  const words = cleaned
    .replace(/^(mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?,?\s+/i, "")
    .split(/[\s,]+/)
    .filter(Boolean);
  const [first, second, third] = words;
  let month: number | undefined;
  let day: number | undefined;
  if (first && second && monthNumber(first) && /^\d{1,2}$/.test(second)) [month, day] = [monthNumber(first), Number(second)];
  else if (first && second && /^\d{1,2}$/.test(first) && monthNumber(second)) [month, day] = [monthNumber(second), Number(first)];
  if (month === undefined || day === undefined) return cleaned;
  if (third && /^\d{4}$/.test(third)) return isoDate(Number(third), month, day) ?? cleaned;
  // No year: keep the day and month as written, without the time that may follow.
  return isoDate(2000, month, day) ? `${months[month - 1]!.slice(0, 1).toUpperCase()}${months[month - 1]!.slice(1)} ${day}` : cleaned;
}

const field = (row: readonly string[], index: number | undefined) =>
  index === undefined ? "" : withoutControlCharacters((row[index] ?? "").slice(0, MAX_CELL_SCAN)).slice(0, MAX_FIELD_LENGTH);

/** Rows read between two turns of the event loop: a large file must not stall other requests. */
const ROWS_PER_TURN = 500;

/** A past event as a key: the same ticket bought twice is one visit, not two. */
const visitKey = (event: PastEvent) => JSON.stringify([event.name, event.date ?? null]);

/**
 * Reads an attendee CSV (the file's text) into people, merged by e-mail, and the rows dropped with
 * why. Linear in the rows, however many of them one person has, and yielding to the event loop
 * as it goes.
 */
export async function parseAttendeeCsv(text: string): Promise<AttendeeCsvResult> {
  const { records: lines, unclosedQuoteRecord } = await readCsvRecords(text);
  if (unclosedQuoteRecord !== undefined) return { ok: false, message: attendeeImportMessages.unclosedQuote(unclosedQuoteRecord) };
  if (lines.length < 2) return { ok: false, message: attendeeImportMessages.empty };
  const [header, ...rows] = lines;
  const columns = findColumns(header!);
  if (columns.email === undefined) return { ok: false, message: attendeeImportMessages.noEmailColumn };

  const people = new Map<string, AttendeeImportPerson>();
  const visits = new Map<string, Set<string>>();
  const dropped: DroppedRow[] = [];
  for (const [index, row] of rows.entries()) {
    if (index > 0 && index % ROWS_PER_TURN === 0) await yieldToEventLoop();
    const rowNumber = index + 2;
    const rawEmail = field(row, columns.email);
    const firstCell = (row[0] ?? "").slice(0, MAX_CELL_SCAN).trim();
    if (firstCell.toUpperCase().startsWith("TOTALS")) {
      dropped.push({ row: rowNumber, reason: attendeeImportMessages.totalsReason, text: firstCell.slice(0, 80) });
      continue;
    }
    if (!rawEmail.includes("@")) {
      dropped.push({ row: rowNumber, reason: attendeeImportMessages.noRowReason, text: rawEmail.slice(0, 80) });
      continue;
    }
    const email = normaliseEmailAddress(rawEmail);
    if (email.length > MAX_EMAIL_LENGTH || !hasEmailShape(email)) {
      dropped.push({ row: rowNumber, reason: attendeeImportMessages.invalidEmailReason, text: rawEmail.slice(0, 80) });
      continue;
    }
    const person = people.get(email) ?? {
      email,
      firstName: "",
      lastName: "",
      fullName: "",
      city: "",
      state: "",
      eventHistory: [],
      rows: [],
    };
    person.rows.push(rowNumber);
    // The first non-blank value wins: later rows of the same person fill only what was missing.
    person.firstName ||= field(row, columns.firstName);
    person.lastName ||= field(row, columns.lastName);
    person.city ||= field(row, columns.city);
    person.state ||= field(row, columns.state);
    person.fullName = `${person.firstName} ${person.lastName}`.trim();
    const eventName = field(row, columns.eventName);
    const eventDate = parseEventDate(field(row, columns.eventDate));
    if (eventName || eventDate) {
      const event: PastEvent = { name: eventName || "Past event", ...(eventDate ? { date: eventDate } : {}) };
      const seen = visits.get(email) ?? new Set<string>();
      const key = visitKey(event);
      if (!seen.has(key)) person.eventHistory.push(event);
      visits.set(email, seen.add(key));
    }
    people.set(email, person);
  }
  return { ok: true, people: [...people.values()], dropped, rowCount: rows.length };
}

/** The people who were on more than one row of the file. */
export function mergedPeople(people: readonly AttendeeImportPerson[]): AttendeeImportPerson[] {
  return people.filter((person) => person.rows.length > 1);
}

import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";

/**
 * How event dates read on the site, in the venue's time zone: 'August 15th, 2025' and '6:30 PM'.
 * Used by loaders (the server), so pages ship no date library.
 */
export function formatEventDate(startsAt: Date, timeZone: string): string {
  return format(new TZDate(startsAt, timeZone), "MMMM do, yyyy");
}

export function formatEventTime(startsAt: Date, timeZone: string): string {
  return format(new TZDate(startsAt, timeZone), "h:mm a");
}

/** An instant at the venue, as staff pages, CSVs and e-mails write it: 'August 15th, 2025, 6:30 PM'. */
export function formatVenueDateTime(instant: Date, timeZone: string): string {
  return `${formatEventDate(instant, timeZone)}, ${formatEventTime(instant, timeZone)}`;
}

/**
 * The span of a list of events for a page's label: 'May - July 2025', 'May 2025', or
 * 'December 2025 - January 2026'; null for an empty list.
 */
export function dateRangeLabel(dates: Date[], timeZone: string): string | null {
  if (dates.length === 0) return null;
  const sorted = [...dates].sort((a, b) => a.getTime() - b.getTime());
  const first = new TZDate(sorted[0]!, timeZone);
  const last = new TZDate(sorted.at(-1)!, timeZone);
  if (first.getFullYear() !== last.getFullYear()) return `${format(first, "MMMM yyyy")} - ${format(last, "MMMM yyyy")}`;
  if (first.getMonth() === last.getMonth()) return format(first, "MMMM yyyy");
  return `${format(first, "MMMM")} - ${format(last, "MMMM yyyy")}`;
}

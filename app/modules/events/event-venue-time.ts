import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";

/**
 * Staff enter an event's date and time as the venue's clock shows them ('2025-08-15', '18:30');
 * the database keeps the instant. Pure and browser-safe.
 */
export function venueDateTimeToInstant(date: string, time: string, timeZone: string): Date {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const [hour, minute] = time.split(":").map(Number) as [number, number];
  return new Date(new TZDate(year, month - 1, day, hour, minute, 0, timeZone).getTime());
}

/** The venue's date ('yyyy-MM-dd') and time ('HH:mm') of an instant, for the form's fields. */
export function instantToVenueDateTime(instant: Date, timeZone: string): { date: string; time: string } {
  const local = new TZDate(instant, timeZone);
  return { date: format(local, "yyyy-MM-dd"), time: format(local, "HH:mm") };
}

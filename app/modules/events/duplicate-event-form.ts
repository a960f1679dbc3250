import { TZDate } from "@date-fns/tz";
import { z } from "zod";
import { eventFormMessages, isRealDate, required, TIME_OF_DAY } from "./event-form";
import { instantToVenueDateTime } from "./event-venue-time";

/**
 * Duplicate asks for the copy's date (docs/decisions/041): a small form of its own (title, date,
 * time at the venue), the same on the server and in the browser. Browser-safe.
 */
export const duplicateEventSchema = z.object({
  title: required(eventFormMessages.title, 200),
  date: required(eventFormMessages.date, 40).refine(isRealDate, eventFormMessages.dateFormat),
  time: required(eventFormMessages.time, 40).regex(TIME_OF_DAY, eventFormMessages.timeFormat),
});

export type DuplicateEventFields = Partial<Record<keyof z.input<typeof duplicateEventSchema>, string>>;

/** The strings a form posted for the duplicate's fields. */
export function duplicateEventValues(form: Record<string, unknown>): DuplicateEventFields {
  const values: DuplicateEventFields = {};
  for (const field of ["title", "date", "time"] as const) {
    const value = form[field];
    if (typeof value === "string") values[field] = value;
  }
  return values;
}

const WEEK = 7 * 86_400_000;

/**
 * The date the form suggests: a week after the original, at the same time of day at the venue,
 * moved on by whole weeks until it is after `now` (a recurring evening's next free slot).
 */
export function suggestedDuplicateDate(original: Date, now: Date, timeZone: string): { date: string; time: string } {
  const local = new TZDate(original, timeZone);
  const at = (weeks: number) =>
    new Date(new TZDate(local.getFullYear(), local.getMonth(), local.getDate() + 7 * weeks, local.getHours(), local.getMinutes(), 0, timeZone).getTime());
  let weeks = Math.max(1, Math.ceil((now.getTime() - original.getTime()) / WEEK));
  while (at(weeks).getTime() <= now.getTime()) weeks += 1;
  return instantToVenueDateTime(at(weeks), timeZone);
}

import { TZDate } from "@date-fns/tz";

/**
 * Quiet hours: texts are for the venue's daytime. A group send asked for outside 10:00–20:00
 * venue time starts at the next 10:00 (unless staff choose to send now); a single send only warns.
 * Pure, so the page, the use cases and the tests share one rule.
 */
export const SMS_SENDING_HOURS = { from: 10, to: 20 } as const;

/** The venue's wall clock at an instant. */
function venueClock(at: Date, timeZone: string) {
  const local = new TZDate(at.getTime(), timeZone);
  return { year: local.getFullYear(), month: local.getMonth(), day: local.getDate(), hour: local.getHours() };
}

export function isWithinSendingHours(at: Date, timeZone: string): boolean {
  const { hour } = venueClock(at, timeZone);
  return hour >= SMS_SENDING_HOURS.from && hour < SMS_SENDING_HOURS.to;
}

/**
 * When a group send asked for at `at` may start: at once within sending hours, else the next
 * 10:00 on the venue's clock (today's in the early morning, tomorrow's in the evening). Built from
 * the calendar date, never by adding 24 hours, so a night with a clock change still lands on 10:00.
 */
export function nextSendingTime(at: Date, timeZone: string): Date {
  if (isWithinSendingHours(at, timeZone)) return at;
  const { year, month, day, hour } = venueClock(at, timeZone);
  const dayOffset = hour >= SMS_SENDING_HOURS.to ? 1 : 0;
  // Date.UTC normalises the day past a month's or year's end; only the calendar date is read from it.
  const date = new Date(Date.UTC(year, month, day + dayOffset));
  const start = new TZDate(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate(), SMS_SENDING_HOURS.from, 0, 0, timeZone);
  return new Date(start.getTime());
}

/** '10:00 AM, Tuesday 25 November (venue time)', for the page and the outcome message. */
export function formatVenueTime(at: Date, timeZone: string): string {
  const time = new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", minute: "2-digit" }).format(at);
  const date = new Intl.DateTimeFormat("en-GB", { timeZone, weekday: "long", day: "numeric", month: "long" }).format(at);
  return `${time}, ${date} (venue time)`;
}

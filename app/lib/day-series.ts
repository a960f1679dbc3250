/**
 * Counts per calendar day in a time zone, with the days that had nothing filled in as zero, so a
 * chart and its table show every day of the period. Pure.
 */
export interface DayCount {
  /** YYYY-MM-DD in the time zone. */
  day: string;
  count: number;
}

/** The calendar day (YYYY-MM-DD) of an instant in a time zone. */
export function dayIn(instant: Date, timeZone: string): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(instant);
}

/** The `days` calendar days ending with the day of `now`, oldest first, each with its count. */
export function fillDays(counts: readonly DayCount[], now: Date, days: number, timeZone: string): DayCount[] {
  const byDay = new Map(counts.map((entry) => [entry.day, entry.count]));
  const today = dayIn(now, timeZone);
  const [year, month, date] = today.split("-").map(Number) as [number, number, number];
  const series: DayCount[] = [];
  for (let back = days - 1; back >= 0; back -= 1) {
    // Calendar arithmetic at noon UTC never crosses a day boundary, whatever the zone's offset.
    const day = new Date(Date.UTC(year, month - 1, date - back, 12)).toISOString().slice(0, 10);
    series.push({ day, count: byDay.get(day) ?? 0 });
  }
  return series;
}

/** 'Nov 3' for a YYYY-MM-DD day, for chart axes and table rows. */
export function shortDay(day: string): string {
  return new Date(`${day}T12:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
}

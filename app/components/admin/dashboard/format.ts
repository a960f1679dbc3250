/** 'Nov 3, 2026, 6:30 PM' in the venue's zone; '—' for no date. */
export function staffDateTime(value: Date | string | null | undefined, timeZone: string): string {
  if (!value) return "—";
  return new Date(value).toLocaleString("en-US", { timeZone, month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit" });
}

/** 'Sat, Nov 14, 6:30 PM' in the venue's zone, for upcoming events. */
export function eventDateTime(value: Date | string, timeZone: string): string {
  return new Date(value).toLocaleString("en-US", { timeZone, weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit" });
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString("en-US")} ${count === 1 ? one : many}`;
}

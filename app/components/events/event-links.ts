/** An event's own page. */
export function eventPath(slug: string): string {
  return `/events/${encodeURIComponent(slug)}`;
}

/** Where an event's reservations are posted, and its reservation page (the path without JavaScript). */
export function reservePath(slug: string): string {
  return `${eventPath(slug)}/reserve`;
}

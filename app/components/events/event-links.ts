/** An event's own page. */
export function eventPath(slug: string): string {
  return `/events/${encodeURIComponent(slug)}`;
}

/** Where an event's reservations are posted, and its reservation page (the path without JavaScript). */
export function reservePath(slug: string): string {
  return `${eventPath(slug)}/reserve`;
}

/** An event's waiting-list form (a page, so it works without JavaScript). */
export function waitingListPath(slug: string): string {
  return `${eventPath(slug)}/waiting-list`;
}

import type { Database } from "#app/lib/db.server";
import { logFailure } from "#app/lib/log.server";
import { siteConfig } from "#app/lib/site-config";
import type { EventView } from "./event-view";
import { listPublicEvents, toEventView } from "./list-events.server";

export interface PublicEventViews {
  events: EventView[];
  /** The load failed (logged): the page still says 'No events found', but must not look like a real answer. */
  failed: boolean;
}

/**
 * The public listing as the home page and /events show it. A failed load is logged and reads as no
 * events (public-site.md sections 4 and 8), so the page still renders and says 'No events found';
 * `failed` lets the route answer 503 so that caches and monitors do not take it for an empty calendar.
 */
export async function listPublicEventViews(db: Database, options: { now?: Date } = {}): Promise<PublicEventViews> {
  const now = options.now ?? new Date();
  try {
    const events = await listPublicEvents(db, now);
    return { events: events.map((event) => toEventView(event, { now, timeZone: siteConfig.venue.timeZone })), failed: false };
  } catch (error) {
    logFailure("events", "loading the public events", error);
    return { events: [], failed: true };
  }
}

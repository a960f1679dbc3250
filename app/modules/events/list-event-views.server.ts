import type { Database } from "~/lib/db.server";
import { siteConfig } from "~/lib/site-config";
import type { EventView } from "./event-view";
import { listPublicEvents, toEventView } from "./list-events.server";

/**
 * The public listing as the home page and /events show it. A failed load is logged and reads as no
 * events (public-site.md sections 4 and 8), so the page still renders and says 'No events found'.
 */
export async function listPublicEventViews(db: Database, options: { now?: Date } = {}): Promise<EventView[]> {
  const now = options.now ?? new Date();
  try {
    const events = await listPublicEvents(db);
    return events.map((event) => toEventView(event, { now, timeZone: siteConfig.venue.timeZone }));
  } catch (error) {
    console.error("[events] loading the public events failed:", error);
    return [];
  }
}

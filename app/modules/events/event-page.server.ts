import type { Database } from "#app/lib/db.server";
import { siteConfig } from "#app/lib/site-config";
import { eventStructuredData, jsonForScript } from "./event-structured-data";
import type { EventView } from "./event-view";
import { findPublicEventBySlug, toEventView } from "./list-events.server";

export interface EventPage {
  event: EventView;
  /** The schema.org Event, already serialised for an inline script. */
  structuredData: string;
}

/** A published, active event's shareable page, or null (drafts and hidden events have none). */
export async function loadEventPage(db: Database, slug: string, options: { publicUrl: string; now?: Date }): Promise<EventPage | null> {
  const event = await findPublicEventBySlug(db, slug);
  if (!event) return null;
  const { timeZone } = siteConfig.venue;
  return {
    event: toEventView(event, { now: options.now ?? new Date(), timeZone }),
    structuredData: jsonForScript(
      eventStructuredData(event, {
        publicUrl: options.publicUrl,
        timeZone,
        organizer: { name: siteConfig.brand.fullName, email: siteConfig.contact.email },
      }),
    ),
  };
}

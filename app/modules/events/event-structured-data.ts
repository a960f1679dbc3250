import { TZDate } from "@date-fns/tz";
import type { EventRow } from "#db/schema";
import { isSoldOut } from "./event-card-action";

/**
 * schema.org Event data for an event's shareable page, so search engines and link previews know
 * what, when and where. Server-side (it formats instants in the venue's time zone).
 */
export interface EventStructuredDataOptions {
  publicUrl: string;
  timeZone: string;
  organizer: { name: string; email: string };
}

type EventFacts = Pick<
  EventRow,
  "title" | "slug" | "startsAt" | "durationMinutes" | "location" | "address" | "description" | "image" | "soldOut" | "maxSeats" | "getTicketsLink"
> & { seatsReserved: number };

/** An instant as ISO 8601 with the venue's offset ('2026-06-10T18:30:00.000-07:00'), as people there read it. */
function venueIso(instant: Date, timeZone: string): string {
  return new TZDate(instant, timeZone).toISOString();
}

/**
 * schema.org has no status for a finished event: a past event stays EventScheduled and its
 * startDate says it is over. Availability follows the card: sold out (by seats or by the flag)
 * is SoldOut, otherwise InStock.
 */
export function eventStructuredData(event: EventFacts, options: EventStructuredDataOptions) {
  const url = `${options.publicUrl}/events/${event.slug}`;
  const end = new Date(event.startsAt.getTime() + event.durationMinutes * 60_000);
  return {
    "@context": "https://schema.org",
    "@type": "Event",
    name: event.title,
    description: event.description,
    url,
    image: [new URL(event.image, `${options.publicUrl}/`).href],
    startDate: venueIso(event.startsAt, options.timeZone),
    endDate: venueIso(end, options.timeZone),
    eventStatus: "https://schema.org/EventScheduled",
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    location: {
      "@type": "Place",
      name: event.location ?? event.address ?? options.organizer.name,
      ...(event.address ? { address: event.address } : {}),
    },
    organizer: { "@type": "Organization", name: options.organizer.name, email: options.organizer.email, url: options.publicUrl },
    offers: {
      "@type": "Offer",
      url: event.getTicketsLink ?? url,
      availability: isSoldOut(event) ? "https://schema.org/SoldOut" : "https://schema.org/InStock",
    },
  };
}

/**
 * JSON for an inline <script type="application/ld+json">: '<' is escaped so no text in an event
 * (a '</script>' in a description) can end the script element early.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

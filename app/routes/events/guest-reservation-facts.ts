import { formatEventDate, formatEventTime } from "#app/lib/event-dates";
import { siteConfig } from "#app/lib/site-config";

/** What a guest's link page (cancel, contribution) says of their reservation and its event, in the venue's time. */
export function guestReservationFacts(
  reservation: { visitorName: string; seats: number },
  event: { title: string; slug: string; startsAt: Date; location: string | null },
) {
  const { timeZone } = siteConfig.venue;
  return {
    name: reservation.visitorName,
    seats: reservation.seats,
    eventTitle: event.title,
    eventSlug: event.slug,
    dateLabel: formatEventDate(event.startsAt, timeZone),
    timeLabel: formatEventTime(event.startsAt, timeZone),
    location: event.location,
  };
}

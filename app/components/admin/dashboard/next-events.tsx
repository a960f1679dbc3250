import { Link } from "react-router";
import type { Settled } from "#app/lib/settle.server";
import type { EventsSummary } from "#app/modules/events/index.server";
import { formatVenueDateTime } from "#app/lib/event-dates";
import { plural, seatsInWords } from "./format";
import { Panel, PanelUnavailable } from "./panel";

/**
 * The dashboard's first answer: what is coming up and how full it is, in words, each event with
 * the two places a founder goes from here (its guests and its door).
 */
export function NextEvents({ events, timeZone }: { events: Settled<EventsSummary>; timeZone: string }) {
  return (
    <Panel id="next-events" title="Next events">
      {!events.ok ? (
        <PanelUnavailable what="Next events" />
      ) : events.data.next.length === 0 ? (
        <p className="text-sand">
          No upcoming events.{" "}
          <Link to="/admin/eventmanagement" className="text-amber underline underline-offset-4">
            Create one
          </Link>
          .
        </p>
      ) : (
        <ul className="divide-y divide-sand/10" aria-label="Upcoming events, soonest first">
          {events.data.next.map((event) => (
            <li key={event.id} className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2 py-3">
              <div className="min-w-0">
                <p className="font-semibold text-ivory [overflow-wrap:anywhere]">
                  {event.title}
                  {event.status === "draft" ? <span className="ml-2 rounded-full border border-sand/30 px-2 py-0.5 text-xs font-normal text-sand">Draft</span> : null}
                </p>
                <p className="text-sm text-sand">
                  <time dateTime={event.startsAt.toISOString()}>{formatVenueDateTime(event.startsAt, timeZone)}</time>
                </p>
                <p className="text-sm text-ivory" data-testid="next-event-seats">
                  {seatsInWords(event)}
                  {event.maxSeats !== null && event.reservations > 0 ? <span className="text-sand"> ({plural(event.reservations, "reservation")})</span> : null}
                </p>
              </div>
              {event.maxSeats !== null ? (
                <div className="flex flex-wrap gap-2">
                  <Link to={`/admin/eventreservations#event-${event.id}`} className="button-secondary text-sm" aria-label={`Guests of ${event.title}`}>
                    Guests
                  </Link>
                  <Link to={`/admin/eventreservations/${event.id}/check-in`} className="button-secondary text-sm" aria-label={`Check-in for ${event.title}`}>
                    Check-in
                  </Link>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

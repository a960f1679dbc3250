import { Link } from "react-router";
import type { Settled } from "#app/lib/settle.server";
import { shortDay } from "#app/lib/day-series";
import type { SignUpTrend } from "#app/modules/community/index.server";
import type { EventsSummary } from "#app/modules/events/index.server";
import type { ListeningAnalytics } from "#app/modules/music/index.server";
import { formatDollars } from "#app/modules/payments";
import type { EventContributions } from "#app/modules/reservations/index.server";
import { formatVenueDateTime } from "#app/lib/event-dates";
import { plural } from "./format";
import { MiniChart } from "./mini-chart";
import { Panel, PanelUnavailable } from "./panel";

const colours = { amber: "#e8b86d", sage: "#8f9b82", rose: "#c98b7a", sand: "#d9ccb8" };

/** Upcoming events with seats, sign-ups this week against last, plays in the last 30 days. */
export function AtAGlance(props: { events: Settled<EventsSummary>; signUps: Settled<SignUpTrend>; listening: Settled<ListeningAnalytics>; timeZone: string }) {
  const { events, signUps, listening } = props;
  return (
    <Panel id="at-a-glance" title="At a glance">
      <div className="grid gap-8 lg:grid-cols-3">
        {events.ok ? (
          <MiniChart
            title="Seats of upcoming events"
            summary={events.data.next.length ? plural(events.data.upcoming, "upcoming event") : "No upcoming events."}
            labelKey="event"
            labelHeader="Event"
            unit="Seats"
            stacked
            data={events.data.next.map((event) => ({
              event: `${event.title} (${formatVenueDateTime(event.startsAt, props.timeZone)})`,
              taken: event.seatsTaken,
              left: event.maxSeats === null ? "tickets elsewhere" : Math.max(0, event.maxSeats - event.seatsTaken),
            }))}
            series={[
              { key: "taken", label: "Seats taken", colour: colours.amber },
              { key: "left", label: "Seats left", colour: colours.sage },
            ]}
          />
        ) : (
          <PanelUnavailable what="Upcoming events" />
        )}
        {signUps.ok ? (
          <MiniChart
            title="Community sign-ups, last 14 days"
            summary={
              <>
                <strong className="text-2xl text-ivory tabular-nums">{signUps.data.thisWeek}</strong> this week (last 7 days), against{" "}
                <strong className="text-ivory tabular-nums">{signUps.data.lastWeek}</strong> the week before
              </>
            }
            labelKey="day"
            labelHeader="Day"
            unit="Sign-ups"
            data={signUps.data.days.map((day) => ({ day: shortDay(day.day), signUps: day.count }))}
            series={[{ key: "signUps", label: "Sign-ups", colour: colours.amber }]}
          />
        ) : (
          <PanelUnavailable what="Sign-ups" />
        )}
        {listening.ok ? (
          <MiniChart
            title={`Plays per day, last ${listening.data.periodDays} days`}
            summary={
              <>
                <strong className="text-2xl text-ivory tabular-nums">{listening.data.plays}</strong> {listening.data.plays === 1 ? "play" : "plays"} in the last{" "}
                {listening.data.periodDays} days
              </>
            }
            labelKey="day"
            labelHeader="Day"
            unit="Plays"
            data={listening.data.perDay.map((day) => ({ day: shortDay(day.day), plays: day.count }))}
            series={[{ key: "plays", label: "Plays", colour: colours.rose }]}
          />
        ) : (
          <PanelUnavailable what="Listening" />
        )}
      </div>
    </Panel>
  );
}

function Counter({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-xl border border-sand/15 p-3">
      <dt className="text-xs text-mist">{label}</dt>
      <dd className="text-2xl text-ivory tabular-nums">{value.toLocaleString("en-US")}</dd>
    </div>
  );
}

/** The events and tickets summaries, each linking to the page where they are managed. */
export function EventSummaries({ events }: { events: Settled<EventsSummary> }) {
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <Panel id="events-management" title="Events management">
        {events.ok ? (
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            <Counter label="Published" value={events.data.published} />
            <Counter label="Drafts" value={events.data.draft} />
            <Counter label="Upcoming" value={events.data.upcoming} />
            <Counter label="Archived" value={events.data.archived} />
          </dl>
        ) : (
          <PanelUnavailable what="Events" />
        )}
        <Link to="/admin/eventmanagement" className="mt-4 inline-block text-amber underline underline-offset-4">
          Manage events
        </Link>
      </Panel>
      <Panel id="ticket-management" title="Ticket management">
        {events.ok ? (
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            <Counter label="Reservations (upcoming)" value={events.data.upcomingReservations} />
            <Counter label="Seats taken (upcoming)" value={events.data.upcomingSeatsTaken} />
            <Counter label="Seats offered (upcoming)" value={events.data.upcomingSeatsOffered} />
          </dl>
        ) : (
          <PanelUnavailable what="Tickets" />
        )}
        <Link to="/admin/eventreservations" className="mt-4 inline-block text-amber underline underline-offset-4">
          Manage reservations
        </Link>
      </Panel>
    </div>
  );
}

/** Listening analytics from the player's reports (a play is defined in modules/music/plays.ts). */
export function ListeningPanel({ listening }: { listening: Settled<ListeningAnalytics> }) {
  return (
    <Panel id="listening-analytics" title="Listening analytics">
      {listening.ok ? (
        <>
          <p className="text-sm text-sand">
            Last {listening.data.periodDays} days. A play is a listen that starts a track; resuming after a pause is not counted again.
          </p>
          <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
            <Counter label="Member listeners" value={listening.data.memberListeners} />
            <Counter label="Anonymous listeners" value={listening.data.anonymousListeners} />
            <Counter label="Plays by members" value={listening.data.memberPlays} />
            <Counter label="Anonymous plays" value={listening.data.anonymousPlays} />
          </dl>
          <div className="mt-6 grid gap-8 lg:grid-cols-2">
            <MiniChart
              title="Plays per track"
              labelKey="track"
              labelHeader="Track"
              unit="Plays"
              data={listening.data.perTrack.map((track) => ({ track: track.title, plays: track.plays }))}
              series={[{ key: "plays", label: "Plays", colour: colours.amber }]}
              summary={listening.data.perTrack.length ? undefined : "No plays yet."}
            />
            <div>
              <h3 className="text-sm font-semibold text-ivory">Top campaigns by plays</h3>
              {listening.data.topCampaigns.length ? (
                <ol className="mt-2 space-y-1 text-sm text-sand">
                  {listening.data.topCampaigns.map((campaign) => (
                    <li key={campaign.campaign} className="flex justify-between gap-3 border-b border-sand/10 py-1">
                      <span className="min-w-0 [overflow-wrap:anywhere]">{campaign.campaign}</span>
                      <span className="text-ivory tabular-nums">{plural(campaign.plays, "play")}</span>
                    </li>
                  ))}
                </ol>
              ) : (
                <p className="mt-2 text-sm text-sand">No plays came from a campaign link yet.</p>
              )}
            </div>
          </div>
        </>
      ) : (
        <PanelUnavailable what="Listening analytics" />
      )}
    </Panel>
  );
}

/** Each event's contributions (upcoming and recent): expected, paid, outstanding, refunded, as a chart with its table. */
export function ContributionsPanel({ contributions, timeZone }: { contributions: Settled<{ upcoming: EventContributions[]; recent: EventContributions[] }>; timeZone: string }) {
  const series = [
    { key: "expected", label: "Expected", colour: colours.sand },
    { key: "paid", label: "Paid", colour: colours.sage },
    { key: "outstanding", label: "Outstanding", colour: colours.amber },
    { key: "refunded", label: "Refunded", colour: colours.rose },
  ];
  // In whole dollars for the bars; the table and the tooltip read them as money.
  const rows = (list: EventContributions[]) =>
    list.map((event) => ({
      event: `${event.title} (${formatVenueDateTime(event.startsAt, timeZone)})`,
      expected: event.expectedCents / 100,
      paid: event.paidCents / 100,
      outstanding: event.outstandingCents / 100,
      refunded: event.refundedCents / 100,
    }));
  const money = (dollars: number) => formatDollars(Math.round(dollars * 100));
  return (
    <Panel id="contributions" title="Contributions">
      {contributions.ok ? (
        <div className="grid gap-8 lg:grid-cols-2">
          {(
            [
              ["Contributions of upcoming events", contributions.data.upcoming, "No upcoming event has guests yet."],
              ["Contributions of recent events", contributions.data.recent, "No past event had guests."],
            ] as const
          ).map(([title, list, none]) => (
            <MiniChart key={title} title={title} summary={list.length ? undefined : none} labelKey="event" labelHeader="Event" unit="Dollars" format={money} data={rows(list)} series={series} />
          ))}
        </div>
      ) : (
        <PanelUnavailable what="Contributions" />
      )}
      <Link to="/admin/eventreservations" className="mt-4 inline-block text-amber underline underline-offset-4">
        Guests and their contributions
      </Link>
    </Panel>
  );
}

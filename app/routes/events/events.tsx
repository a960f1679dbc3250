import { MapPin } from "lucide-react";
import { data } from "react-router";
import { EventGrid, LoadingEvents, useLoadingPage } from "#app/components/events/event-list";
import { pageMeta } from "#app/lib/seo";
import { siteConfig } from "#app/lib/site-config";
import { dateRangeLabel } from "#app/lib/event-dates";
import { listPublicEventViews } from "#app/modules/events/index.server";
import { mapsSearchUrl } from "#app/modules/events";
import type { Route } from "./+types/events";
import { PageHero } from "#app/components/ui/page-hero";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Events",
    description: `Upcoming ${siteConfig.brand.name} gatherings in ${siteConfig.venue.city}: live piano meditation, candlelight yoga and sunset sessions at ${siteConfig.venue.outdoor}. Reserve your spot.`,
  });

/** The events of the top grid; the rest follow below it (public-site.md section 9). */
const TOP_GRID_SIZE = 3;

export async function loader({ context }: Route.LoaderArgs) {
  const { events, failed } = await listPublicEventViews(context.db);
  const dateRange = dateRangeLabel(
    events.map((event) => new Date(event.startsAt)),
    siteConfig.venue.timeZone,
  );
  // The page still says 'No events found' (the spec's words); 503 tells caches and monitors it is an outage.
  return data({ events, dateRange }, { status: failed ? 503 : 200 });
}

const expectations = [
  "Arrive a little early, settle onto a mat or cushion, and leave your phone in your bag.",
  "A short guided breath opens the evening, then live piano carries the room for about an hour.",
  "There is nothing to do and no right way to rest: lie down, sit, or simply listen.",
  "We close with a few quiet minutes and tea. Wear something comfortable and bring a blanket if you like.",
];

export default function EventsPage({ loaderData }: Route.ComponentProps) {
  const { events, dateRange } = loaderData;
  const loading = useLoadingPage("/events");
  const { venue } = siteConfig;

  return (
    <>
      <PageHero glow="warm" className="mx-auto max-w-6xl px-5 pt-20 pb-12 sm:px-8 sm:pt-28">
        <p className="eyebrow">Live piano · breath · candlelight</p>
        <h1 className="mt-5 max-w-3xl text-5xl text-ivory sm:text-6xl">Gather with us</h1>
        <p className="mt-6 max-w-2xl text-lg text-sand sm:text-xl">
          Evenings of live piano meditation, candlelight yoga and sunset sessions in {venue.city}. Small rooms, soft light,
          and an hour that asks nothing of you.
        </p>
        {dateRange && !loading ? <p className="mt-6 text-amber">{dateRange}</p> : null}
      </PageHero>

      <section aria-labelledby="upcoming-heading" className="mx-auto max-w-6xl px-5 pb-16 sm:px-8">
        <h2 id="upcoming-heading" className="text-4xl text-ivory sm:text-5xl">
          Upcoming Events
        </h2>
        <div className="mt-10">
          {loading ? (
            <LoadingEvents />
          ) : events.length === 0 ? (
            <p className="py-12 text-center text-lg text-sand">No events found</p>
          ) : (
            <EventGrid events={events.slice(0, TOP_GRID_SIZE)} eagerFirst />
          )}
        </div>
      </section>

      {!loading && events.length > TOP_GRID_SIZE ? (
        <section aria-labelledby="more-heading" className="mx-auto max-w-6xl px-5 pb-16 sm:px-8">
          <h2 id="more-heading" className="text-3xl text-ivory sm:text-4xl">
            More Gatherings
          </h2>
          <div className="mt-10">
            <EventGrid events={events.slice(TOP_GRID_SIZE)} />
          </div>
        </section>
      ) : null}

      <section aria-labelledby="expect-heading" className="defer-render bg-umber/60">
        <div className="mx-auto grid max-w-6xl gap-12 px-5 py-20 sm:px-8 md:grid-cols-2">
          <div>
            <p className="eyebrow">Your first evening</p>
            <h2 id="expect-heading" className="mt-3 text-4xl text-ivory">
              What to Expect
            </h2>
            <ul className="mt-6 list-disc space-y-3 pl-5 text-sand">
              {expectations.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </div>
          <div>
            <p className="eyebrow">Where we gather</p>
            <h2 className="mt-3 text-4xl text-ivory">Location</h2>
            <p className="mt-6 flex gap-3 text-sand">
              <MapPin aria-hidden size={20} className="mt-1 shrink-0 text-amber" />
              <span>{venue.note}</span>
            </p>
            <a
              href={mapsSearchUrl(`${venue.neighbourhood}, ${venue.city}`)}
              target="_blank"
              rel="noopener noreferrer"
              className="button-secondary mt-8"
            >
              View Venue Details
              <span className="sr-only"> (opens a map in a new tab)</span>
            </a>
          </div>
        </div>
      </section>
    </>
  );
}

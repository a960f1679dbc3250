import { CalendarPlus, MapPin } from "lucide-react";
import { data } from "react-router";
import { EventCard } from "#app/components/events/event-card";
import { eventPath } from "#app/components/events/event-links";
import { MessagePage } from "#app/components/message-page";
import { useNonce } from "#app/lib/nonce";
import { pageMeta } from "#app/lib/seo";
import { loadEventPage } from "#app/modules/events/index.server";
import { shareableEventImage } from "#app/modules/events";
import { mapsSearchUrl } from "#app/modules/events";
import type { Route } from "./+types/event-page";
import { PageHero } from "#app/components/ui/page-hero";

export const meta: Route.MetaFunction = (args) => {
  const event = args.loaderData?.page?.event;
  if (!event) return pageMeta(args, { title: "Event not found", description: "This event could not be found.", noIndex: true });
  const place = event.location ? ` · ${event.location}` : "";
  return pageMeta(args, {
    title: event.title,
    description: `${event.dateLabel} at ${event.timeLabel}${place}. ${event.description}`,
    image: shareableEventImage(event.image),
  });
};

export async function loader({ params, context }: Route.LoaderArgs) {
  const page = await loadEventPage(context.db, params.slug, { publicUrl: context.env.PUBLIC_URL });
  return data({ page }, { status: page ? 200 : 404 });
}

export default function EventPage({ loaderData }: Route.ComponentProps) {
  const nonce = useNonce();
  if (!loaderData.page) {
    return (
      <MessagePage
        eyebrow="404"
        title="Event not found"
        text="This event is not on our calendar, or it is no longer shown. Have a look at what is coming up instead."
      />
    );
  }
  const { event, structuredData } = loaderData.page;
  const place = event.address ?? event.location;
  const map = place ? mapsSearchUrl(place) : null;
  return (
    <>
      <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: structuredData }} />
      <PageHero glow="warm" className="mx-auto max-w-4xl px-5 pt-16 pb-8 text-center sm:px-8">
        <p className="eyebrow">Event</p>
        <h1 className="mt-4 text-4xl text-ivory sm:text-5xl">{event.title}</h1>
        <p className="mt-4 text-lg text-sand">
          <time dateTime={event.startsAt}>
            {event.dateLabel} at {event.timeLabel}
          </time>
          {event.location ? ` · ${event.location}` : ""}
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-4">
          <a href={`${eventPath(event.slug)}/calendar.ics`} download className="button-secondary">
            <CalendarPlus aria-hidden className="size-5" />
            Add to calendar
          </a>
          {map ? (
            <a href={map} target="_blank" rel="noopener noreferrer" className="button-secondary">
              <MapPin aria-hidden className="size-5" />
              Open in Maps<span className="sr-only"> (opens in a new tab)</span>
            </a>
          ) : null}
        </div>
      </PageHero>
      <section aria-label="Details and reservation" className="mx-auto max-w-4xl px-5 pb-20 sm:px-8">
        <EventCard event={event} variant="featured" eager headingLevel={2} />
        {event.address ? (
          <p className="mt-8 text-center text-sand">
            <span className="text-ivory">Address:</span> {event.address}
          </p>
        ) : null}
      </section>
    </>
  );
}

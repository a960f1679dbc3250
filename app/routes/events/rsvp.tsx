import { data } from "react-router";
import { RESERVE_EVENTS_ANCHOR, ReserveEventsPage } from "#app/components/events/reserve-events-page";
import { SpecialPageHero } from "#app/components/events/special-page-hero";
import { pageMeta } from "#app/lib/seo";
import { siteConfig } from "#app/lib/site-config";
import { loadReservePageEvents } from "#app/modules/events/index.server";
import type { Route } from "./+types/rsvp";

const intro = `Join us as the sun sets over the Pacific at ${siteConfig.venue.outdoor}: live piano played straight to your headphones, gentle breathwork and a grounding meditation to close the day. Headphones are limited, so save yours now and come as you are.`;

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "RSVP", description: intro });

export async function loader({ context }: Route.LoaderArgs) {
  const { events, failed } = await loadReservePageEvents(context.db);
  // An outage still shows the page without cards, but answers 503 so that it is not taken for an empty calendar.
  return data({ events }, { status: failed ? 503 : 200 });
}

export default function RsvpPage({ loaderData }: Route.ComponentProps) {
  return (
    <ReserveEventsPage
      events={loaderData.events}
      hero={
        <SpecialPageHero eyebrow={`${siteConfig.brand.name} at sunset`} title="RSVP" height={300}>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-sand">{intro}</p>
          <a href={`#${RESERVE_EVENTS_ANCHOR}`} className="button-primary mt-8">
            RSVP Now
          </a>
        </SpecialPageHero>
      }
    />
  );
}

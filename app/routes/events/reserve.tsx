import { data } from "react-router";
import { ReserveEventsPage } from "#app/components/events/reserve-events-page";
import { SpecialPageHero } from "#app/components/events/special-page-hero";
import { pageMeta } from "#app/lib/seo";
import { siteConfig } from "#app/lib/site-config";
import { loadReservePageEvents } from "#app/modules/events/index.server";
import type { Route } from "./+types/reserve";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Reserve Your Spot",
    description: `Secure your place at ${siteConfig.brand.name}'s live piano meditation gatherings in ${siteConfig.venue.city}.`,
  });

export async function loader({ context }: Route.LoaderArgs) {
  const { events, failed } = await loadReservePageEvents(context.db);
  // An outage still shows the page without cards, but answers 503 so that it is not taken for an empty calendar.
  return data({ events }, { status: failed ? 503 : 200 });
}

export default function ReservePage({ loaderData }: Route.ComponentProps) {
  return (
    <ReserveEventsPage
      events={loaderData.events}
      hero={
        <SpecialPageHero eyebrow={siteConfig.brand.name} title="Reserve Your Spot" height={300}>
          <p className="mx-auto mt-5 max-w-xl text-lg text-sand sm:text-xl">Secure your place at our exclusive events</p>
        </SpecialPageHero>
      }
    />
  );
}

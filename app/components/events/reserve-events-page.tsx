import type { ReactNode } from "react";
import { useLocation } from "react-router";
import type { ReservePageEvents } from "#app/modules/events/index.server";
import { EventCard } from "./event-card";
import { useLoadingPage } from "./event-list";

/** The id of the cards' section, the target of the heroes' calls to action. */
export const RESERVE_EVENTS_ANCHOR = "events";

/**
 * What /reserve and /rsvp share below their heroes: 'Upcoming Events' with the main card and the
 * optional second one, or 'Loading...' while a client-side navigation loads them again.
 */
export function ReserveEventsPage(props: { hero: ReactNode; events: ReservePageEvents }) {
  const loading = useLoadingPage(useLocation().pathname);
  const { main, second } = props.events;
  return (
    <>
      {props.hero}
      <section
        id={RESERVE_EVENTS_ANCHOR}
        aria-labelledby="upcoming-events-heading"
        className="mx-auto max-w-4xl scroll-mt-[calc(var(--header-height)+1rem)] px-5 py-16 sm:px-8"
      >
        <h2 id="upcoming-events-heading" className="text-center text-4xl text-ivory sm:text-5xl">
          Upcoming Events
        </h2>
        {loading ? (
          <PendingNote text="Loading..." />
        ) : main ? (
          <div className="mt-12 grid gap-10">
            <EventCard event={main} variant="featured" eager headingLevel={3} />
            {second ? <EventCard event={second} headingLevel={3} /> : null}
          </div>
        ) : (
          <PendingNote text="No events found" />
        )}
      </section>
    </>
  );
}

function PendingNote({ text }: { text: string }) {
  return (
    <p role="status" className="mt-12 text-center text-lg text-sand">
      {text}
    </p>
  );
}

import { useNavigation } from "react-router";
import type { EventView } from "#app/modules/events";
import { EventCard } from "./event-card";

/** True while a client-side navigation is loading `pathname`'s data (its events). */
export function useLoadingPage(pathname: string): boolean {
  const navigation = useNavigation();
  return navigation.state === "loading" && navigation.location.pathname === pathname;
}

/** The spinner shown in place of the event list while it loads. */
export function LoadingEvents() {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-16 text-sand">
      <span aria-hidden className="h-6 w-6 animate-spin rounded-full border-2 border-amber/30 border-t-amber" />
      Loading events...
    </div>
  );
}

/** Event cards two to a row on wide screens; `eagerFirst` loads the first card's picture at once. */
export function EventGrid(props: { events: EventView[]; eagerFirst?: boolean }) {
  return (
    <ul className="grid gap-8 md:grid-cols-2">
      {props.events.map((event, index) => (
        <li key={event.id}>
          <EventCard event={event} eager={props.eagerFirst && index === 0} />
        </li>
      ))}
    </ul>
  );
}

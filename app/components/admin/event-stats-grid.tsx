import type { EventStats } from "#app/modules/events/index.server";

const counters: { key: keyof EventStats; label: string }[] = [
  { key: "total", label: "Total" },
  { key: "published", label: "Published" },
  { key: "draft", label: "Drafts" },
  { key: "archived", label: "Archived" },
  { key: "featured", label: "Featured" },
  { key: "upcoming", label: "Upcoming" },
  { key: "past", label: "Past" },
];

/** The counters over every event: the lifecycle's three states, featured, upcoming and past. */
export function EventStatsGrid(props: { stats: EventStats }) {
  return (
    <dl aria-label="Event statistics" className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">
      {counters.map((counter) => (
        <div key={counter.key} className="rounded-2xl border border-sand/15 bg-umber/60 p-4">
          <dt className="text-sm text-sand">{counter.label}</dt>
          <dd className="mt-1 text-3xl text-ivory" data-stat={counter.key}>
            {props.stats[counter.key]}
          </dd>
        </div>
      ))}
    </dl>
  );
}

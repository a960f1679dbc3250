import { arrivalSummary, type ArrivalCounts } from "#app/modules/reservations";

/** Arrived against expected, seats and guests, large enough to read at arm's length; announced when it changes. */
export function ArrivalCountsPanel({ counts }: { counts: ArrivalCounts }) {
  const share = counts.expectedSeats ? Math.round((counts.arrivedSeats / counts.expectedSeats) * 100) : 0;
  return (
    <section aria-labelledby="arrivals-title" className="mt-6 rounded-2xl border border-sand/20 bg-umber/60 p-4">
      <h2 id="arrivals-title" className="sr-only">
        Arrivals
      </h2>
      <dl className="grid grid-cols-2 gap-4 tabular-nums">
        <div>
          <dt className="text-sm text-sand">Seats arrived</dt>
          <dd className="text-3xl font-semibold text-ivory">
            {counts.arrivedSeats} <span className="text-xl text-mist">/ {counts.expectedSeats}</span>
          </dd>
        </div>
        <div>
          <dt className="text-sm text-sand">Guests arrived</dt>
          <dd className="text-3xl font-semibold text-ivory">
            {counts.arrivedGuests} <span className="text-xl text-mist">/ {counts.expectedGuests}</span>
          </dd>
        </div>
      </dl>
      <div aria-hidden="true" className="mt-3 h-2 overflow-hidden rounded-full bg-night">
        <div className="h-full rounded-full bg-sage transition-[width]" style={{ width: `${share}%` }} />
      </div>
      <p role="status" aria-live="polite" className="sr-only">
        {arrivalSummary(counts)}
      </p>
    </section>
  );
}

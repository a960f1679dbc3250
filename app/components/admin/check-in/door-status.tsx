import { checkInMessages, doorStatusWords } from "#app/modules/reservations";
import type { DoorState } from "./use-door";

/**
 * The door phone's bar: whether its check-ins reached the server ("All saved 7:05 PM"), are on
 * their way, or wait for signal ("Offline — 12 check-ins waiting"). In the page's flow, never
 * fixed over it, and announced politely when it changes.
 */
export function DoorStatusBar({ door, ...props }: { door: Pick<DoorState, "connection" | "waiting" | "syncing" | "savedAt" | "list">; timeZone: string; hydrated: boolean }) {
  // Its place is kept from the first paint, so nothing moves under a finger when it appears; it says nothing without JavaScript.
  if (!props.hydrated) {
    return (
      <p aria-hidden="true" className="invisible mt-4 rounded-2xl border px-4 py-3 text-base font-semibold">
        &nbsp;
      </p>
    );
  }
  const timeOf = (iso: string) => new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone: props.timeZone }).format(new Date(iso));
  const words = doorStatusWords({ ...door, timeOf });
  const tone = door.connection === "online" ? (door.waiting > 0 ? "border-amber/50 text-ivory" : "border-sage/50 text-sage") : "border-danger/50 text-danger";
  return (
    <>
      <p role="status" aria-live="polite" data-testid="door-status" className={`mt-4 rounded-2xl border px-4 py-3 text-base font-semibold ${tone}`}>
        {words}
      </p>
      {/* Walk-ins let in at a full event (decision 067): staff see it at once. */}
      {door.list?.overCapacity ? (
        <p className="mt-4 rounded-2xl border border-danger/50 bg-danger/10 p-3 text-danger">
          Over capacity: {door.list.seatsTaken} seats for {door.list.event.maxSeats}.
        </p>
      ) : null}
    </>
  );
}

/** The check-in page when its list could not be read. */
export function CheckInLoadFailed() {
  return (
    <section className="mt-6">
      <h1 className="text-3xl text-ivory">Check-in</h1>
      <p role="alert" className="mt-6 rounded-2xl border border-danger/50 bg-danger/10 p-4 text-danger">
        {checkInMessages.couldNotLoad}
      </p>
    </section>
  );
}

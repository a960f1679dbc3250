import { doorStatusWords, type DoorConnection } from "#app/modules/reservations";

/**
 * The door phone's bar: whether its check-ins reached the server ("All saved 7:05 PM"), are on
 * their way, or wait for signal ("Offline — 12 check-ins waiting"). In the page's flow, never
 * fixed over it, and announced politely when it changes.
 */
export function DoorStatusBar(props: { connection: DoorConnection; waiting: number; syncing: boolean; savedAt: string | null; timeZone: string; hydrated: boolean }) {
  // Its place is kept from the first paint, so nothing moves under a finger when it appears; it says nothing without JavaScript.
  if (!props.hydrated) {
    return (
      <p aria-hidden="true" className="invisible mt-4 rounded-2xl border px-4 py-3 text-base font-semibold">
        &nbsp;
      </p>
    );
  }
  const timeOf = (iso: string) => new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone: props.timeZone }).format(new Date(iso));
  const words = doorStatusWords({ ...props, timeOf });
  const tone = props.connection === "online" ? (props.waiting > 0 ? "border-amber/50 text-ivory" : "border-sage/50 text-sage") : "border-danger/50 text-danger";
  return (
    <p role="status" aria-live="polite" data-testid="door-status" className={`mt-4 rounded-2xl border px-4 py-3 text-base font-semibold ${tone}`}>
      {words}
    </p>
  );
}

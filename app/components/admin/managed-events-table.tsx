import { Link, useFetcher } from "react-router";
import { ConfirmDialog } from "./confirm-dialog";
import type { StaffOutcome } from "./staff-outcome";
import { useHydrated } from "~/lib/use-hydrated";

/** One event as the management table shows it (prepared by the loader). */
export interface ManagedEventView {
  id: string;
  title: string;
  slug: string;
  image: string;
  dateLabel: string;
  timeLabel: string;
  location: string | null;
  status: "draft" | "published";
  isActive: boolean;
  featured: boolean;
  seatsTaken: number;
  maxSeats: number | null;
  position: number;
  isFirst: boolean;
  isLast: boolean;
  placement: "rsvp" | "vip" | null;
  reservationCount: number;
}

/** The fetcher every row's buttons share, so the page shows each answer's toast once. */
export const EVENT_ROW_FETCHER = "event-row-action";

const cell = "px-3 py-2 align-top max-md:flex max-md:gap-3 max-md:px-0 max-md:py-1 max-md:before:w-28 max-md:before:shrink-0 max-md:before:text-mist max-md:before:content-[attr(data-label)]";
const smallButton =
  "inline-flex min-h-11 min-w-11 items-center justify-center rounded-full border border-sand/30 px-3 text-sm text-sand hover:border-amber hover:text-ivory focus-visible:outline-2 focus-visible:outline-amber disabled:cursor-not-allowed disabled:opacity-40";

/**
 * The events in display order. A plain table on wide screens; below 768 px each row becomes a
 * card (CSS only), with each cell labelled by its column.
 */
export function ManagedEventsTable(props: { events: ManagedEventView[]; action: string; editHref: (id: string) => string; confirmHref: (id: string) => string }) {
  return (
    <table className="mt-6 w-full border-collapse text-left text-sm max-md:block">
      <caption className="sr-only">Events in display order</caption>
      <thead className="max-md:sr-only">
        <tr className="border-b border-sand/20 text-mist">
          <th scope="col" className="px-3 py-2">Image</th>
          <th scope="col" className="px-3 py-2">Title</th>
          <th scope="col" className="px-3 py-2">Date and time</th>
          <th scope="col" className="px-3 py-2">Location</th>
          <th scope="col" className="px-3 py-2">Status</th>
          <th scope="col" className="px-3 py-2">Seats</th>
          <th scope="col" className="px-3 py-2">Position</th>
          <th scope="col" className="px-3 py-2">Actions</th>
        </tr>
      </thead>
      <tbody className="max-md:block max-md:space-y-4">
        {props.events.map((event) => (
          <EventRow key={event.id} event={event} {...props} />
        ))}
      </tbody>
    </table>
  );
}

function EventRow(props: { event: ManagedEventView; action: string; editHref: (id: string) => string; confirmHref: (id: string) => string }) {
  const { event } = props;
  const fetcher = useFetcher<StaffOutcome>({ key: EVENT_ROW_FETCHER });
  const hydrated = useHydrated();
  const busy = fetcher.state !== "idle" && fetcher.formData?.get("id") === event.id;
  const act = (intent: string, label: string, options: { disabled?: boolean; pressed?: boolean; danger?: boolean; icon?: string } = {}) => (
    <fetcher.Form method="post" action={props.action}>
      <input type="hidden" name="id" value={event.id} />
      <button
        type="submit"
        name="intent"
        value={intent}
        disabled={options.disabled || busy}
        aria-pressed={options.pressed}
        className={`${smallButton} ${options.danger ? "border-danger/60 text-danger" : ""}`}
      >
        {options.icon ? (
          <span aria-hidden="true" className="mr-1 text-amber">
            {options.icon}
          </span>
        ) : null}
        {label}
      </button>
    </fetcher.Form>
  );
  const seats = event.maxSeats === null ? `${event.seatsTaken} / no limit` : `${event.seatsTaken} / ${event.maxSeats}`;
  const deleteWarning = `“${event.title}” and its ${event.reservationCount} ${event.reservationCount === 1 ? "reservation" : "reservations"} will be deleted. This cannot be undone.`;

  return (
    <tr
      aria-label={event.title}
      className={`border-b border-sand/10 max-md:block max-md:rounded-2xl max-md:border max-md:border-sand/15 max-md:p-4 ${event.isActive ? "" : "opacity-80"}`}
    >
      <td className={cell} data-label="Image">
        <img src={event.image} alt="" width={80} height={60} loading="lazy" decoding="async" className="h-[60px] w-20 rounded-md object-cover" />
      </td>
      <td className={cell} data-label="Title">
        <span className="font-semibold text-ivory">{event.title}</span>
        {event.placement ? <span className="ml-2 text-xs text-amber">{event.placement === "rsvp" ? "RSVP main card" : "VIP"}</span> : null}
      </td>
      <td className={cell} data-label="Date and time">
        <span>
          {event.dateLabel}
          <br />
          {event.timeLabel}
        </span>
      </td>
      <td className={cell} data-label="Location">
        {event.location ?? "—"}
      </td>
      <td className={cell} data-label="Status">
        <span className="flex flex-wrap gap-1">
          <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${event.status === "published" ? "bg-sage/30 text-ivory" : "bg-sand/15 text-sand"}`}>
            {event.status === "published" ? "Published" : "Draft"}
          </span>
          <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${event.isActive ? "bg-amber/20 text-amber" : "bg-danger/20 text-danger"}`}>
            {event.isActive ? "Active" : "Inactive"}
          </span>
        </span>
      </td>
      <td className={cell} data-label="Seats">
        {seats}
      </td>
      <td className={cell} data-label="Position">
        {event.position}
      </td>
      <td className={cell} data-label="Actions">
        <div className="flex flex-wrap gap-1.5">
          <Link to={props.editHref(event.id)} className={smallButton} preventScrollReset>
            Edit
          </Link>
          {act("toggle-featured", "Featured", { pressed: event.featured, icon: event.featured ? "★" : "☆" })}
          {act("toggle-status", event.status === "published" ? "Unpublish" : "Publish")}
          {act("move-up", "Move up", { disabled: event.isFirst })}
          {act("move-down", "Move down", { disabled: event.isLast })}
          {act("duplicate", "Duplicate")}
          {event.isActive ? act("hide", "Delete", { danger: true }) : act("restore", "Restore")}
          {event.isActive ? null : hydrated ? (
            <ConfirmDialog
              trigger={
                <button type="button" className={`${smallButton} border-danger/60 text-danger`} disabled={busy}>
                  Delete permanently
                </button>
              }
              title="Delete this event permanently?"
              description={deleteWarning}
              confirmLabel="Delete permanently"
              onConfirm={() => fetcher.submit({ intent: "delete-permanently", id: event.id }, { method: "post", action: props.action })}
            />
          ) : (
            <Link to={props.confirmHref(event.id)} className={`${smallButton} border-danger/60 text-danger`}>
              Delete permanently
            </Link>
          )}
        </div>
      </td>
    </tr>
  );
}

/** Without JavaScript, the permanent delete's warning is a panel of the page with its own button. */
export function PermanentDeletePanel(props: { event: ManagedEventView; action: string; cancelHref: string }) {
  const { event } = props;
  return (
    <section role="alertdialog" aria-labelledby="confirm-delete-title" aria-describedby="confirm-delete-text" className="mt-6 rounded-2xl border border-danger/50 bg-umber p-6">
      <h2 id="confirm-delete-title" className="text-2xl text-ivory">
        Delete this event permanently?
      </h2>
      <p id="confirm-delete-text" className="mt-2 text-sand">
        “{event.title}” and its {event.reservationCount} {event.reservationCount === 1 ? "reservation" : "reservations"} will be deleted. This cannot be undone.
      </p>
      <form method="post" action={props.action} className="mt-4 flex flex-wrap gap-3">
        <input type="hidden" name="id" value={event.id} />
        <button type="submit" name="intent" value="delete-permanently" className="inline-flex min-h-11 items-center rounded-full bg-danger px-6 font-semibold text-night">
          Delete permanently
        </button>
        <Link to={props.cancelHref} className="button-secondary">
          Cancel
        </Link>
      </form>
    </section>
  );
}

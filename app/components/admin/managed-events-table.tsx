import { useEffect, useRef, type ReactNode, type RefObject } from "react";
import { Link, useFetcher } from "react-router";
import { ConfirmDialog } from "./confirm-dialog";
import type { StaffOutcome } from "./staff-outcome";
import { useHydrated } from "#app/lib/use-hydrated";
import { eventStatusLabels } from "#app/modules/events";

/** One event as the management table shows it (prepared by the loader). */
export interface ManagedEventView {
  id: string;
  title: string;
  slug: string;
  image: string;
  dateLabel: string;
  timeLabel: string;
  location: string | null;
  status: "draft" | "published" | "archived";
  featured: boolean;
  isPast: boolean;
  seatsTaken: number;
  maxSeats: number | null;
  placement: "rsvp" | "vip" | null;
  reservationCount: number;
}

/** The fetcher every row's buttons share, so the page shows each answer's toast once. */
export const EVENT_ROW_FETCHER = "event-row-action";

const cell = "px-3 py-2 align-top max-md:flex max-md:gap-3 max-md:px-0 max-md:py-1 max-md:before:w-28 max-md:before:shrink-0 max-md:before:text-mist max-md:before:content-[attr(data-label)]";
const smallButton =
  "inline-flex min-h-11 min-w-11 items-center justify-center rounded-full border border-sand/30 px-3 text-sm text-sand hover:border-amber hover:text-ivory focus-visible:outline-2 focus-visible:outline-amber disabled:cursor-not-allowed disabled:opacity-40";
const menuItem =
  "flex min-h-11 w-full items-center gap-2 rounded-lg px-3 text-left text-sm text-sand hover:bg-amber/10 hover:text-ivory focus-visible:outline-2 focus-visible:outline-amber disabled:cursor-not-allowed disabled:opacity-40";

const statusBadge = {
  draft: "bg-sand/15 text-sand",
  published: "bg-sage/30 text-ivory",
  archived: "bg-danger/20 text-danger",
} as const;

export interface ManagedEventsTableProps {
  events: ManagedEventView[];
  action: string;
  editHref: (id: string) => string;
  duplicateHref: (id: string) => string;
  confirmHref: (id: string) => string;
}

/**
 * The events in the site's order (featured upcoming first, then by date; past ones last). A plain
 * table on wide screens; below 768 px each row becomes a card (CSS only), with each cell labelled
 * by its column. Each row shows one main action (Edit) and, from 768 px, the lifecycle's next step;
 * the rest sit in a 'More' menu, a <details> disclosure that works without JavaScript.
 */
export function ManagedEventsTable(props: ManagedEventsTableProps) {
  return (
    <table className="mt-6 w-full border-collapse text-left text-sm max-md:block">
      <caption className="sr-only">Events: featured upcoming events first, then by date; past events last, newest first</caption>
      <thead className="max-md:sr-only">
        <tr className="border-b border-sand/20 text-mist">
          <th scope="col" className="px-3 py-2">Image</th>
          <th scope="col" className="px-3 py-2">Title</th>
          <th scope="col" className="px-3 py-2">Date and time</th>
          <th scope="col" className="px-3 py-2">Location</th>
          <th scope="col" className="px-3 py-2">Status</th>
          <th scope="col" className="px-3 py-2">Seats</th>
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

/** The lifecycle's next step, shown beside Edit from 768 px (and first in the menu below that). */
function primaryStep(status: ManagedEventView["status"]): { intent: string; label: string } {
  if (status === "draft") return { intent: "publish", label: "Publish" };
  if (status === "published") return { intent: "unpublish", label: "Unpublish" };
  return { intent: "restore", label: "Restore" };
}

function EventRow(props: ManagedEventsTableProps & { event: ManagedEventView }) {
  const { event } = props;
  const fetcher = useFetcher<StaffOutcome>({ key: EVENT_ROW_FETCHER });
  const hydrated = useHydrated();
  const menu = useRef<HTMLDetailsElement>(null);
  const busy = fetcher.state !== "idle" && fetcher.formData?.get("id") === event.id;
  const primary = primaryStep(event.status);
  const mayDelete = event.status !== "published";

  /** Closes the menu and puts focus back on its summary (the control that opened it). */
  const closeMenu = (focus = true) => {
    const details = menu.current;
    if (!details?.open) return;
    details.open = false;
    if (focus) details.querySelector("summary")?.focus();
  };
  useCloseOnOutsideClick(menu);

  const button = (intent: string, label: ReactNode, options: { className: string; pressed?: boolean; danger?: boolean }) => (
    <fetcher.Form method="post" action={props.action}>
      <input type="hidden" name="id" value={event.id} />
      <button
        type="submit"
        name="intent"
        value={intent}
        disabled={busy}
        aria-pressed={options.pressed}
        className={`${options.className} ${options.danger ? "text-danger" : ""}`}
      >
        {label}
      </button>
    </fetcher.Form>
  );
  const deleteWarning = `“${event.title}” and its ${event.reservationCount} ${event.reservationCount === 1 ? "reservation" : "reservations"} will be deleted. This cannot be undone.`;
  const seats = event.maxSeats === null ? `${event.seatsTaken} / no limit` : `${event.seatsTaken} / ${event.maxSeats}`;

  return (
    <tr
      aria-label={event.title}
      className={`border-b border-sand/10 max-md:block max-md:rounded-2xl max-md:border max-md:border-sand/15 max-md:p-4 ${event.status === "archived" ? "opacity-80" : ""}`}
    >
      <td className={cell} data-label="Image">
        <img src={event.image} alt="" width={80} height={60} loading="lazy" decoding="async" className="h-[60px] w-20 rounded-md object-cover" />
      </td>
      <td className={cell} data-label="Title">
        <span>
          <span className="font-semibold text-ivory">{event.title}</span>
          {event.featured ? (
            <span className="ml-2 text-xs text-amber">
              <span aria-hidden="true">★ </span>Featured
            </span>
          ) : null}
          {event.placement ? <span className="ml-2 text-xs text-amber">{event.placement === "rsvp" ? "RSVP main card" : "VIP"}</span> : null}
        </span>
      </td>
      <td className={cell} data-label="Date and time">
        <span>
          {event.dateLabel}
          <br />
          {event.timeLabel}
          {event.isPast ? <span className="ml-2 text-xs text-mist">(past)</span> : null}
        </span>
      </td>
      <td className={cell} data-label="Location">
        {event.location ?? "—"}
      </td>
      <td className={cell} data-label="Status">
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${statusBadge[event.status]}`}>{eventStatusLabels[event.status]}</span>
      </td>
      <td className={cell} data-label="Seats">
        {seats}
      </td>
      {/* On a phone the actions take the card's whole width (no column label): Edit, then the menu beside it. */}
      <td className={`${cell} max-md:pt-3 max-md:before:hidden`} data-label="Actions">
        <div className="flex flex-wrap items-start gap-1.5 max-md:w-full">
          <Link to={props.editHref(event.id)} className={smallButton} preventScrollReset>
            Edit
          </Link>
          <div className="max-md:hidden">{button(primary.intent, primary.label, { className: smallButton })}</div>
          <details
            ref={menu}
            className="relative max-md:grow"
            // React events bubble from the dialog's portal too: only what happens in the menu itself counts.
            onKeyDown={(keyEvent) => {
              if (keyEvent.key === "Escape" && menu.current?.contains(keyEvent.target as Node)) closeMenu();
            }}
            // A menu button pressed sends its form: the menu closes, focus back on 'More'.
            onSubmit={(submitEvent) => {
              if (menu.current?.contains(submitEvent.target as Node)) closeMenu();
            }}
          >
            <summary className={`${smallButton} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}>
              More<span className="sr-only"> actions for {event.title}</span>
              <span aria-hidden="true" className="ml-1 text-xs">
                ▾
              </span>
            </summary>
            <ul className="z-20 mt-1.5 space-y-0.5 rounded-xl border border-sand/20 bg-umber p-1.5 shadow-xl max-md:w-full md:absolute md:right-0 md:min-w-56">
              <li className="md:hidden">{button(primary.intent, primary.label, { className: menuItem })}</li>
              {event.status === "published" ? (
                <li>
                  <Link to={`/events/${encodeURIComponent(event.slug)}`} className={menuItem}>
                    View on the site
                  </Link>
                </li>
              ) : null}
              <li>
                {button(
                  "toggle-featured",
                  <>
                    <span aria-hidden="true" className="text-amber">
                      {event.featured ? "★" : "☆"}
                    </span>
                    Featured
                  </>,
                  { className: menuItem, pressed: event.featured },
                )}
              </li>
              <li>
                <Link to={props.duplicateHref(event.id)} className={menuItem} preventScrollReset>
                  Duplicate…
                </Link>
              </li>
              {event.status !== "archived" ? <li>{button("archive", "Archive", { className: menuItem })}</li> : null}
              {mayDelete ? (
                <li>
                  {hydrated ? (
                    <ConfirmDialog
                      trigger={
                        <button type="button" className={`${menuItem} text-danger`} disabled={busy}>
                          Delete for good…
                        </button>
                      }
                      title="Delete this event for good?"
                      description={deleteWarning}
                      confirmLabel="Delete for good"
                      onConfirm={() => {
                        closeMenu(false);
                        fetcher.submit({ intent: "delete-for-good", id: event.id }, { method: "post", action: props.action });
                      }}
                    />
                  ) : (
                    <Link to={props.confirmHref(event.id)} className={`${menuItem} text-danger`}>
                      Delete for good…
                    </Link>
                  )}
                </li>
              ) : null}
            </ul>
          </details>
        </div>
      </td>
    </tr>
  );
}

/** With JavaScript, a click outside an open menu closes it (without, the menu stays until 'More' is pressed again). */
function useCloseOnOutsideClick(menu: RefObject<HTMLDetailsElement | null>) {
  useEffect(() => {
    const onPointerDown = (pointerEvent: PointerEvent) => {
      const details = menu.current;
      if (!details?.open) return;
      if (pointerEvent.target instanceof Node && details.contains(pointerEvent.target)) return;
      // While the dialog the menu opened (Delete for good) is up, its clicks are not outside.
      if (document.querySelector("[role=alertdialog]")) return;
      details.open = false;
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [menu]);
}

/** Without JavaScript, the delete for good's warning is a panel of the page with its own button. */
export function DeleteForGoodPanel(props: { event: ManagedEventView; action: string; cancelHref: string }) {
  const { event } = props;
  return (
    <section role="alertdialog" aria-labelledby="confirm-delete-title" aria-describedby="confirm-delete-text" className="mt-6 rounded-2xl border border-danger/50 bg-umber p-6">
      <h2 id="confirm-delete-title" className="text-2xl text-ivory">
        Delete this event for good?
      </h2>
      <p id="confirm-delete-text" className="mt-2 text-sand">
        “{event.title}” and its {event.reservationCount} {event.reservationCount === 1 ? "reservation" : "reservations"} will be deleted. This cannot be undone.
      </p>
      <form method="post" action={props.action} className="mt-4 flex flex-wrap gap-3">
        <input type="hidden" name="id" value={event.id} />
        <button type="submit" name="intent" value="delete-for-good" className="inline-flex min-h-11 items-center rounded-full bg-danger px-6 font-semibold text-night">
          Delete for good
        </button>
        <Link to={props.cancelHref} className="button-secondary">
          Cancel
        </Link>
      </form>
    </section>
  );
}

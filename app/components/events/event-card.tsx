import { CalendarDays, MapPin } from "lucide-react";
import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { Link, useFetcher, type FetcherWithComponents } from "react-router";
import { useHydrated } from "#app/lib/use-hydrated";
import { Dialog } from "#app/components/ui/dialog";
import { DEFAULT_RESERVE_LABEL } from "#app/modules/events";
import type { EventView } from "#app/modules/events";
import { responsiveEventImage } from "#app/modules/events";
import type { ReservationResult } from "#app/modules/reservations";
import { eventPath, reservePath, waitingListPath } from "./event-links";
import { orElse } from "#app/lib/or-else";

/**
 * The form and its schema library load when a visitor reaches for a reserve button, not with the
 * page: most visits never open the dialog, and the page stays small.
 */
const loadReservationForm = () => import("./reservation-form");
// The confirmation shows only after a reservation: its code is fetched with the form's (on intent).
const loadConfirmation = () => import("./reservation-confirmed");
const ReservationConfirmed = lazy(loadConfirmation);
const prefetchReservation = () => void Promise.all([loadReservationForm(), loadConfirmation()]).catch(orElse(undefined, "a prefetch: opening the form loads it again"));
const ReservationForm = lazy(() => loadReservationForm().then((module) => ({ default: module.ReservationForm })));

/** The event pictures are drawn at 4:3. */
const IMAGE_WIDTH = 800;
const IMAGE_HEIGHT = 600;

/**
 * The one event card of every page: picture, 'Featured Event' badge, when and where, title (a link
 * to the event's own page), description and its action (public-site.md section 4), decided by the
 * loader in `event.action`. `variant="featured"` is the full-width card that opens the home page's list.
 * `eager` loads the picture at once (the first card, likely in view); the others wait until scrolled to.
 */
export function EventCard(props: { event: EventView; variant?: "grid" | "featured"; eager?: boolean; headingLevel?: 2 | 3 }) {
  const { event } = props;
  const wide = props.variant === "featured";
  const titleId = useId();
  const Heading = props.headingLevel === 2 ? "h2" : "h3";
  // One fetcher per card: the reserve dialog posts with it, the confirmation dialog reads its answer.
  const fetcher = useFetcher<ReservationResult>();

  return (
    <article
      aria-labelledby={titleId}
      className={`flex h-full flex-col overflow-hidden rounded-3xl border border-ember bg-umber/70 shadow-xl shadow-black/30 ${
        wide ? "md:flex-row" : ""
      } ${event.featured || wide ? "animate-featured-in" : ""}`}
    >
      <div className={`relative shrink-0 ${wide ? "md:w-1/2" : ""}`}>
        <img
          {...responsiveEventImage(event.image, wide ? "(min-width: 768px) 50vw, 100vw" : "(min-width: 1152px) 560px, (min-width: 768px) 50vw, 100vw")}
          alt=""
          width={IMAGE_WIDTH}
          height={IMAGE_HEIGHT}
          loading={props.eager ? "eager" : "lazy"}
          decoding="async"
          className={`aspect-[4/3] h-auto w-full object-cover ${wide ? "md:h-full" : ""}`}
        />
        {event.featured ? (
          <span className="absolute top-4 left-4 rounded-full bg-amber px-3 py-1 text-xs font-semibold tracking-wide text-night uppercase">
            Featured Event
          </span>
        ) : null}
      </div>
      <div className={`flex flex-1 flex-col p-6 sm:p-7 ${wide ? "md:p-10" : ""}`}>
        <p className="flex items-center gap-2 text-sm text-amber">
          <CalendarDays aria-hidden size={16} className="shrink-0" />
          <time dateTime={event.startsAt}>
            {event.dateLabel} · {event.timeLabel}
          </time>
        </p>
        {event.location ? (
          <p className="mt-1.5 flex items-center gap-2 text-sm text-sand">
            <MapPin aria-hidden size={16} className="shrink-0" />
            {event.location}
          </p>
        ) : null}
        <Heading id={titleId} className={`mt-4 text-ivory ${wide ? "text-3xl sm:text-4xl" : "text-2xl sm:text-3xl"}`}>
          <Link to={eventPath(event.slug)} className="hover:text-amber focus-visible:text-amber">
            {event.title}
          </Link>
        </Heading>
        <p className="mt-3 flex-1 text-sand">{event.description}</p>
        <div className="mt-6">
          <CardAction event={event} titleId={titleId} fetcher={fetcher} />
        </div>
      </div>
      {fetcher.state === "idle" && fetcher.data?.ok ? (
        <Suspense fallback={null}>
          <ReservationConfirmed reservation={fetcher.data.reservation} />
        </Suspense>
      ) : null}
    </article>
  );
}

function CardAction(props: { event: EventView; titleId: string; fetcher: FetcherWithComponents<ReservationResult> }) {
  const { action } = props.event;
  if (action.kind === "disabled") {
    return (
      <div className="flex flex-wrap items-center gap-3">
        <button type="button" disabled aria-describedby={props.titleId} className="button-secondary cursor-not-allowed opacity-60">
          {action.label}
        </button>
        {props.event.waitingList ? (
          <Link to={waitingListPath(props.event.slug)} aria-describedby={props.titleId} className="button-primary">
            Join the waiting list
          </Link>
        ) : null}
      </div>
    );
  }
  if (action.kind === "tickets") {
    return (
      <a href={action.href} target="_blank" rel="noopener noreferrer" aria-describedby={props.titleId} className="button-primary">
        {action.label}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    );
  }
  return <ReserveLinkAndDialog event={props.event} label={action.label} titleId={props.titleId} fetcher={props.fetcher} />;
}

/**
 * 'Reserve' is one link, from the server's page to the end: without JavaScript (or before it runs)
 * it leads to the event's reservation page; once the page is hydrated and the dialog drawn, the
 * same element opens the dialog instead. It is never swapped for another element at hydration, so
 * a press begun before and released after still lands on it (a swap lost such a press: the
 * browser fires no click when the element under the pointer changes between down and up).
 */
function ReserveLinkAndDialog(props: { event: EventView; label: string; titleId: string; fetcher: FetcherWithComponents<ReservationResult> }) {
  const { event, fetcher } = props;
  const hydrated = useHydrated();
  const triggerRef = useRef<HTMLAnchorElement>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const formId = useId();
  const [opened, setOpened] = useState(false);

  // Reserved: the form starts afresh and the dialog gives way to the confirmation.
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data?.ok) return;
    formRef.current?.reset();
    dialogRef.current?.close();
  }, [fetcher.state, fetcher.data]);

  return (
    <>
      <a
        ref={triggerRef}
        href={reservePath(event.slug)}
        aria-describedby={props.titleId}
        aria-haspopup={hydrated ? "dialog" : undefined}
        className="button-primary"
        onPointerEnter={prefetchReservation}
        onFocus={prefetchReservation}
        onClick={(click) => {
          // Until the dialog is drawn the link does what a link does.
          const dialog = dialogRef.current;
          if (!dialog || click.button !== 0 || click.metaKey || click.ctrlKey || click.shiftKey || click.altKey) return;
          click.preventDefault();
          setOpened(true);
          if (!dialog.open) dialog.showModal();
        }}
      >
        {props.label}
      </a>
      {hydrated ? (
        <Dialog
          dialogRef={dialogRef}
          onClose={() => triggerRef.current?.focus()}
          title={DEFAULT_RESERVE_LABEL}
          description={
            <>
              <span className="block text-ivory">{event.title}</span>
              <span className="block text-sm">
                {event.dateLabel} · {event.timeLabel}
                {event.location ? ` · ${event.location}` : ""}
              </span>
            </>
          }
          className="fixed inset-0 m-auto h-fit max-h-[92svh] w-[min(34rem,calc(100vw-2rem))] rounded-3xl"
        >
          {opened ? (
            <Suspense fallback={<p role="status" className="py-8 text-center text-sand">Loading...</p>}>
              <ReservationForm id={formId} action={reservePath(event.slug)} fetcher={fetcher} formRef={formRef} submitLabel="Confirm Reservation" />
            </Suspense>
          ) : null}
        </Dialog>
      ) : null}
    </>
  );
}


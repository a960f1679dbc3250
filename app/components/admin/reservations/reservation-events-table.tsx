import { useEffect, useRef } from "react";
import { Link, useFetcher } from "react-router";
import { ConfirmDialog } from "#app/components/admin/confirm-dialog";
import { AddGuestForm, EditGuestForm } from "#app/components/admin/guests/guest-forms";
import { useOutcomeToast } from "#app/components/admin/staff-outcome";
import { ErrorSummary, useErrorFocus, useErrorSummaryAction } from "#app/components/ui/form-errors";
import { useHydrated } from "#app/lib/use-hydrated";
import { formatDollars } from "#app/modules/payments";
import { contributionWords, type GuestContributionView, mayRecordPayment, reservationsAdminMessages } from "#app/modules/reservations";
import { RecordPaymentForm, RefundForm } from "./contribution-forms";
import { AttendeeMailForm } from "./attendee-mail-form";
import { eventDeletionFetcherKey, rowFetcherKey, type ReservationsPageOutcome } from "./page-outcome";
import { RememberedOpenScript, useRememberedOpen } from "./remembered-open";

export interface ReservationView {
  id: string;
  name: string;
  /** Null for a guest staff added without one. */
  email: string | null;
  phone: string | null;
  seats: number;
  /** Seats marked arrived at the door: an edit may not go below them. */
  arrivedSeats: number;
  /** When it was made, at the venue ('November 20th, 2026, 3:15 PM'). */
  reservedAt: string;
  contribution: GuestContributionView;
}

export interface WaitingListView {
  id: string;
  position: number;
  place: number | null;
  name: string;
  email: string;
  seats: number;
  status: "waiting" | "offered" | "claimed" | "expired" | "left";
  /** When a held offer runs out, at the venue ('November 20th, 2026, 3:15 PM'). */
  offerExpiresAt: string | null;
}

/** One event as the reservations page shows it (prepared by the loader). */
export interface ReservationEventView {
  id: string;
  title: string;
  slug: string;
  dateLabel: string;
  timeLabel: string;
  isPast: boolean;
  /** Published and active: on the public site. */
  published: boolean;
  maxSeats: number | null;
  seatsTaken: number;
  remindersEnabled: boolean;
  reservationCount: number;
  reservations: ReservationView[];
  waitingList: WaitingListView[];
  /** Over every guest of the event, in cents. */
  contributions: { expectedCents: number; paidCents: number; outstandingCents: number; refundedCents: number };
}

const cell =
  "px-3 py-2 align-top max-md:flex max-md:gap-3 max-md:px-0 max-md:py-1 max-md:before:w-24 max-md:before:shrink-0 max-md:before:text-mist max-md:before:content-[attr(data-label)]";
const smallButton =
  "inline-flex min-h-11 min-w-11 items-center justify-center rounded-full border border-sand/30 px-3 text-sm text-sand hover:border-amber hover:text-ivory focus-visible:outline-2 focus-visible:outline-amber disabled:cursor-not-allowed disabled:opacity-40";
const dangerButton = `${smallButton} border-danger/60 text-danger`;

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/** Who may do what with a guest's contribution (the policy, read by the loader). */
interface ContributionRights {
  mayRecordPayments: boolean;
  mayRefund: boolean;
}

/** The intents whose forms say their own refusals (a contribution's form only those about its fields: it may be gone, the guest paid meanwhile). */
const answeredByTheirForm = (failure: ReservationsPageOutcome) =>
  ["set-max-seats", "send-attendee-mail", "add-guest", "edit-guest"].includes(failure.intent ?? "") ||
  (["record-contribution", "refund-contribution"].includes(failure.intent ?? "") && !failure.ok && Boolean(failure.fieldErrors));

/** The event row's own forms, answered above the guest list; every other answer for the event is inside it. */
const answeredOnTheRow = new Set(["set-max-seats", "delete-event"]);
const answeredInsideList = (fallback: ReservationsPageOutcome | undefined) => fallback !== undefined && !answeredOnTheRow.has(fallback.intent ?? "");

/**
 * The events that take reservations, upcoming first, then past. Each event is a group of two
 * rows: its figures and actions, then its guests (collapsed by default; the state is remembered
 * per event in this browser). Below 768 px the rows become cards (CSS only).
 */
export function ReservationEventsTable(props: {
  events: ReservationEventView[];
  searching: boolean;
  mayMail: boolean;
  /** Whether the policy lets this person delete events (admins): the button shows only then. */
  mayDeleteEvents: boolean;
  /** Whether the policy lets this person change seat limits (admins): others see the number. */
  mayChangeSeats: boolean;
  fallback?: ReservationsPageOutcome;
} & ContributionRights) {
  const deletion = useFetcher<ReservationsPageOutcome>({ key: eventDeletionFetcherKey });
  useOutcomeToast(deletion.data);
  return (
    <>
      <table className="mt-6 w-full border-collapse text-left text-sm max-md:block">
        <caption className="sr-only">Events with their reservations, upcoming first</caption>
        <thead className="max-md:sr-only">
          <tr className="border-b border-sand/20 text-mist">
            <th scope="col" className="px-3 py-2">
              Event
            </th>
            <th scope="col" className="px-3 py-2">
              Date and time
            </th>
            <th scope="col" className="px-3 py-2">
              Seats
            </th>
            <th scope="col" className="px-3 py-2">
              Max seats
            </th>
            <th scope="col" className="px-3 py-2">
              Actions
            </th>
          </tr>
        </thead>
        {props.events.map((event) => (
          <EventGroup
            key={event.id}
            event={event}
            searching={props.searching}
            mayMail={props.mayMail}
            mayDeleteEvents={props.mayDeleteEvents}
            mayChangeSeats={props.mayChangeSeats}
            mayRecordPayments={props.mayRecordPayments}
            mayRefund={props.mayRefund}
            fallback={props.fallback?.target === event.id ? props.fallback : undefined}
          />
        ))}
      </table>
      {props.searching ? null : <RememberedOpenScript />}
    </>
  );
}

function EventGroup(props: {
  event: ReservationEventView;
  searching: boolean;
  mayMail: boolean;
  mayDeleteEvents: boolean;
  mayChangeSeats: boolean;
  fallback?: ReservationsPageOutcome;
} & ContributionRights) {
  const { event } = props;
  const fetcher = useFetcher<ReservationsPageOutcome>({ key: rowFetcherKey(event.id) });
  useOutcomeToast(fetcher.data);
  // Deleting the event goes through the table's fetcher (its toast there); a refusal shows here.
  const deletion = useFetcher<ReservationsPageOutcome>({ key: eventDeletionFetcherKey });
  const deletionRefused = deletion.data && !deletion.data.ok && deletion.data.target === event.id ? deletion.data : undefined;
  const deleting = deletion.state !== "idle" && deletion.formData?.get("eventId") === event.id;
  const hydrated = useHydrated();
  const remembered = useRememberedOpen(event.id, !props.searching);
  const summary = useRef<HTMLElement>(null);
  const answer = deletionRefused ?? fetcher.data ?? props.fallback;
  const failure = answer && !answer.ok ? answer : null;
  const seatsError = failure?.intent === "set-max-seats" ? failure.message : null;
  // The guest forms show their own failures, under their fields.
  const rowError = failure && !answeredByTheirForm(failure) ? failure.message : null;
  const busy = fetcher.state !== "idle" || deleting;
  // Max seats refused: said in the row's error summary (decision 055), focus back on the field.
  const seatsErrors = seatsError ? { maxSeats: seatsError } : undefined;
  const seatsForm = useRef<HTMLFormElement>(null);
  const seatsAttempt = useErrorFocus(fetcher.state === "idle" && fetcher.data && !fetcher.data.ok && fetcher.data.intent === "set-max-seats" ? fetcher.data : undefined, seatsErrors, seatsForm);
  const seatsSummary = `max-seats-${event.id}-errors`;
  const seatsAction = useErrorSummaryAction(seatsSummary);
  const left = event.maxSeats === null ? null : Math.max(event.maxSeats - event.seatsTaken, 0);
  const filled = event.maxSeats ? Math.min(100, Math.round((event.seatsTaken / event.maxSeats) * 100)) : 0;

  useEffect(() => {
    // A deleted guest's row is gone with the button that had focus: focus goes back to the list's summary.
    if (fetcher.state === "idle" && fetcher.data?.ok && fetcher.data.intent === "delete-reservation") summary.current?.focus();
  }, [fetcher.state, fetcher.data]);

  const hidden = (name: string, value: string) => <input type="hidden" name={name} value={value} />;

  return (
    <tbody aria-label={event.title} id={`event-${event.id}`} className="border-b border-sand/15 max-md:mt-4 max-md:block max-md:rounded-2xl max-md:border max-md:p-4">
      <tr className="max-md:block">
        <th scope="row" className={`${cell} font-normal`} data-label="Event">
          <span>
            <a href={`/events/${event.slug}`} className="font-semibold text-ivory underline-offset-4 hover:underline">
              {event.title}
            </a>
            {event.isPast ? <span className="ml-2 rounded-full bg-sand/15 px-2 py-0.5 text-xs text-sand">Past</span> : null}
            {event.published ? null : <span className="ml-2 rounded-full bg-danger/20 px-2 py-0.5 text-xs text-danger">Not public</span>}
          </span>
        </th>
        <td className={cell} data-label="When">
          <span>
            {event.dateLabel}
            <br />
            {event.timeLabel}
          </span>
        </td>
        <td className={cell} data-label="Seats">
          <div className="min-w-36">
            <p data-testid="seat-figures" className="text-ivory">
              {event.seatsTaken} taken / {event.maxSeats ?? "no limit"} max{left === null ? "" : ` / ${left} left`}
            </p>
            {event.maxSeats !== null && event.seatsTaken > event.maxSeats ? (
              <p data-testid="over-capacity" className="font-semibold text-danger">
                {reservationsAdminMessages.overCapacity(event.seatsTaken, event.maxSeats)}
              </p>
            ) : null}
            {event.maxSeats ? (
              <div aria-hidden="true" className="mt-1.5 h-2 w-full overflow-hidden rounded-full bg-sand/15">
                <div className={`h-full ${left === 0 ? "bg-danger" : "bg-amber"}`} style={{ width: `${filled}%` }} />
              </div>
            ) : null}
          </div>
        </td>
        <td className={cell} data-label="Max seats">
          {props.mayChangeSeats ? (
            <fetcher.Form ref={seatsForm} method="post" action={seatsAction} className="flex items-start gap-2">
              {hidden("eventId", event.id)}
              <label htmlFor={`max-seats-${event.id}`} className="sr-only">
                Max seats of {event.title}
              </label>
              <input
                id={`max-seats-${event.id}`}
                name="maxSeats"
                type="number"
                min={1}
                inputMode="numeric"
                defaultValue={event.maxSeats ?? ""}
                key={event.maxSeats ?? "none"}
                aria-invalid={seatsError ? true : undefined}
                aria-describedby={seatsError ? seatsSummary : undefined}
                className="input-field w-24"
              />
              <button type="submit" name="intent" value="set-max-seats" className={smallButton} disabled={busy}>
                Save
              </button>
            </fetcher.Form>
          ) : (
            <span className="text-ivory">{event.maxSeats ?? "No limit"}</span>
          )}
        </td>
        <td className={cell} data-label="Actions">
          <div className="flex flex-wrap gap-1.5">
            <Link to={`/admin/eventreservations/${event.id}/check-in`} className={smallButton} aria-label={`Check-in for ${event.title}`}>
              Check-in
            </Link>
            <a href={`/admin/eventreservations/${event.id}/guests.csv`} className={smallButton} download>
              Export CSV
            </a>
            {props.mayDeleteEvents ? (
              <Confirmed
                hydrated={hydrated}
                label="Delete event"
                title="Delete this event and its reservations?"
                description={`“${event.title}” and its ${plural(event.reservationCount, "reservation")} will be deleted. This cannot be undone.`}
                fields={{ intent: "delete-event", eventId: event.id }}
                onConfirm={() => deletion.submit({ intent: "delete-event", eventId: event.id }, { method: "post" })}
                disabled={busy}
              />
            ) : null}
          </div>
        </td>
      </tr>
      <tr className="max-md:block">
        <td colSpan={5} className="px-3 pb-4 max-md:block max-md:px-0">
          <ErrorSummary key={seatsAttempt} id={seatsSummary} headingLevel={3} errors={seatsErrors} fieldId={() => `max-seats-${event.id}`} className="mb-2" />
          {/* Said where the person is when no script shows a toast: a form posted without JavaScript, or before the scripts ran. */}
          {props.fallback?.ok && props.fallback.message ? (
            <p role="status" className="mb-2 text-sm text-sage">
              {props.fallback.message}
            </p>
          ) : null}
          {rowError ? (
            <p id={`row-error-${event.id}`} role="alert" className="mb-2 text-sm text-danger">
              {rowError}
            </p>
          ) : null}
          {/*
            An answer posted without JavaScript (or pressed before the scripts ran) to a form inside
            the list (a guest added or edited, a guest mail's review) is shown inside it: the list
            opens to show it. The browser's remembered state cannot: a press on the summary before
            hydration was never stored.
          */}
          <details {...remembered} open={props.searching || answeredInsideList(props.fallback) || undefined} className="rounded-xl border border-sand/10 bg-night/40">
            <summary ref={summary} className="flex min-h-11 cursor-pointer items-center px-3 text-sand hover:text-ivory focus-visible:outline-2 focus-visible:outline-amber">
              Guests: {plural(event.reservations.length, "reservation")}
              {props.searching ? " matching" : ""}, {plural(event.reservations.reduce((sum, row) => sum + row.seats, 0), "seat")}
              {event.waitingList.length ? ` · waiting list ${event.waitingList.length}` : ""}
            </summary>
            <div className="space-y-6 px-3 pb-4">
              {event.maxSeats === null ? null : (
                <AddGuestForm eventId={event.id} eventTitle={event.title} seatsLeft={left} answered={props.fallback?.intent === "add-guest" ? props.fallback : undefined} />
              )}
              <ContributionTotals event={event} />
              <GuestRows
                event={event}
                hydrated={hydrated}
                submit={(fields) => fetcher.submit(fields, { method: "post" })}
                busy={busy}
                answered={props.fallback}
                mayRecordPayments={props.mayRecordPayments}
                mayRefund={props.mayRefund}
              />
              <WaitingList event={event} busy={busy} />
              <fetcher.Form method="post" className="flex flex-wrap items-center gap-3">
                {hidden("eventId", event.id)}
                {hidden("enabled", String(!event.remindersEnabled))}
                {/* The state in words, and a button that says what pressing it does. */}
                <span className="text-sm text-sand" id={`reminders-${event.id}`}>
                  {event.remindersEnabled
                    ? "Reminder e-mails are on: the day before and three hours before, to every guest."
                    : "Reminder e-mails are off: guests get no reminder before this event."}
                </span>
                <button type="submit" name="intent" value="set-reminders" aria-describedby={`reminders-${event.id}`} className={smallButton} disabled={busy}>
                  {event.remindersEnabled ? "Turn reminder e-mails off" : "Turn reminder e-mails on"}
                </button>
              </fetcher.Form>
              {props.mayMail ? <AttendeeMailForm eventId={event.id} guests={event.reservationCount} fallback={props.fallback} /> : null}
            </div>
          </details>
        </td>
      </tr>
    </tbody>
  );
}

/**
 * A destructive action: with JavaScript an AlertDialog asks first (focus inside, Escape cancels);
 * without it, a disclosure shows the same question and the form's own button.
 */
function Confirmed(props: {
  hydrated: boolean;
  label: string;
  title: string;
  description: string;
  fields: Record<string, string>;
  onConfirm: () => void;
  disabled?: boolean;
  accessibleLabel?: string;
}) {
  if (props.hydrated) {
    return (
      <ConfirmDialog
        trigger={
          <button type="button" className={dangerButton} disabled={props.disabled} aria-label={props.accessibleLabel}>
            {props.label}
          </button>
        }
        title={props.title}
        description={props.description}
        confirmLabel={props.label}
        onConfirm={props.onConfirm}
      />
    );
  }
  return (
    <details>
      <summary className={`${dangerButton} cursor-pointer list-none`} aria-label={props.accessibleLabel}>
        {props.label}
      </summary>
      <form method="post" className="mt-2 max-w-xs rounded-xl border border-danger/50 p-3">
        <p className="text-sm text-sand">{props.description}</p>
        {Object.entries(props.fields).map(([name, value]) =>
          name === "intent" ? null : <input key={name} type="hidden" name={name} value={value} />,
        )}
        <button type="submit" name="intent" value={props.fields.intent} className={`${dangerButton} mt-2`}>
          {props.label}
        </button>
      </form>
    </details>
  );
}

/** The event's contributions above its guest list: expected, paid, outstanding, refunded (every guest, whatever the search shows). */
function ContributionTotals(props: { event: ReservationEventView }) {
  const { contributions: totals, title } = props.event;
  const figures = [
    ["Expected", totals.expectedCents],
    ["Paid", totals.paidCents],
    ["Outstanding", totals.outstandingCents],
    ["Refunded", totals.refundedCents],
  ] as const;
  return (
    <section aria-label={`Contributions for ${title}`} className="pt-3">
      <h3 className="text-lg text-ivory">Contributions</h3>
      <dl data-testid="contribution-totals" className="mt-1 grid grid-cols-2 gap-2 sm:grid-cols-4">
        {figures.map(([label, cents]) => (
          <div key={label} className="rounded-xl border border-sand/15 px-3 py-2">
            <dt className="text-xs text-mist">{label}</dt>
            <dd className="text-ivory tabular-nums">{formatDollars(cents)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** A no-JavaScript answer to one of this guest's forms (its refusal shows in that form). */
const answerFor = (answered: ReservationsPageOutcome | undefined, intent: string, reservationId: string, fieldsOnly = false) =>
  answered?.intent === intent && !answered.ok && answered.values?.reservationId === reservationId && (!fieldsOnly || answered.fieldErrors) ? answered : undefined;

function GuestRows(props: {
  event: ReservationEventView;
  hydrated: boolean;
  busy: boolean;
  submit: (fields: Record<string, string>) => void;
  answered?: ReservationsPageOutcome;
} & ContributionRights) {
  const { event } = props;
  if (event.reservations.length === 0) return <p className="pt-2 text-sand">No reservations.</p>;
  return (
    <table className="mt-2 w-full text-left text-sm max-md:block">
      <caption className="sr-only">Reservations for {event.title}</caption>
      <ColumnHeads names={["Guest", "E-mail", "Phone", "Seats", "Reserved", "Contribution"]} />
      <tbody className="max-md:block max-md:space-y-3">
        {event.reservations.map((reservation) => (
          <tr key={reservation.id} className="border-t border-sand/10 max-md:block max-md:rounded-xl max-md:border max-md:p-3">
            <td className={`${cell} text-ivory`} data-label="Guest">
              {reservation.name}
            </td>
            <td className={`${cell} [overflow-wrap:anywhere]`} data-label="E-mail">
              {reservation.email ?? "—"}
            </td>
            <td className={cell} data-label="Phone">
              {reservation.phone ?? "—"}
            </td>
            <td className={cell} data-label="Seats">
              {reservation.seats}
            </td>
            <td className={cell} data-label="Reserved">
              {reservation.reservedAt}
            </td>
            <td className={cell} data-label="Contribution" data-testid="guest-contribution">
              {contributionWords(reservation.contribution)}
            </td>
            <td className={cell}>
              <div className="flex flex-wrap items-start gap-1.5">
                <EditGuestForm eventId={event.id} guest={{ ...reservation, reservationId: reservation.id }} answered={answerFor(props.answered, "edit-guest", reservation.id)} />
                {props.mayRecordPayments && mayRecordPayment(reservation.contribution) ? (
                  <RecordPaymentForm
                    eventId={event.id}
                    guest={{ reservationId: reservation.id, name: reservation.name }}
                    expectedCents={reservation.contribution.expectedCents}
                    answered={answerFor(props.answered, "record-contribution", reservation.id, true)}
                  />
                ) : null}
                {props.mayRefund && reservation.contribution.refundableCents > 0 ? (
                  <RefundForm
                    eventId={event.id}
                    guest={{ reservationId: reservation.id, name: reservation.name }}
                    refundableCents={reservation.contribution.refundableCents}
                    byCard={reservation.contribution.kind === "paid" && reservation.contribution.method === "card"}
                    answered={answerFor(props.answered, "refund-contribution", reservation.id, true)}
                  />
                ) : null}
                <Confirmed
                  hydrated={props.hydrated}
                  label="Delete"
                  accessibleLabel={`Delete the reservation of ${reservation.name}`}
                  title="Delete this reservation?"
                  description={`${reservation.name}'s ${plural(reservation.seats, "seat")} for “${event.title}” will be free again at once. This cannot be undone.`}
                  fields={{ intent: "delete-reservation", reservationId: reservation.id, eventId: event.id }}
                  onConfirm={() => props.submit({ intent: "delete-reservation", reservationId: reservation.id, eventId: event.id })}
                  disabled={props.busy}
                />
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A guest table's column headings, hidden on narrow screens where each cell shows its label; the last column holds the row's actions. */
function ColumnHeads(props: { names: readonly string[] }) {
  return (
    <thead className="max-md:sr-only">
      <tr className="text-mist">
        {props.names.map((name) => (
          <th key={name} scope="col" className="px-3 py-2">
            {name}
          </th>
        ))}
        <th scope="col" className="px-3 py-2">
          <span className="sr-only">Actions</span>
        </th>
      </tr>
    </thead>
  );
}

const statusText: Record<WaitingListView["status"], string> = {
  waiting: "Waiting",
  offered: "Offered",
  claimed: "Claimed",
  expired: "Expired",
  left: "Left",
};

function WaitingList(props: { event: ReservationEventView; busy: boolean }) {
  const { event } = props;
  const { Form } = useFetcher<ReservationsPageOutcome>({ key: rowFetcherKey(event.id) });
  return (
    <section aria-label={`Waiting list of ${event.title}`}>
      <h3 className="text-lg text-ivory">Waiting list</h3>
      {event.waitingList.length === 0 ? (
        <p className="mt-1 text-sand">Nobody is waiting.</p>
      ) : (
        <table className="mt-2 w-full text-left text-sm max-md:block">
          <caption className="sr-only">Waiting list of {event.title}</caption>
          <ColumnHeads names={["Position", "Guest", "Seats", "Status"]} />
          <tbody className="max-md:block max-md:space-y-3">
            {event.waitingList.map((entry) => (
              <tr key={entry.id} className="border-t border-sand/10 max-md:block max-md:rounded-xl max-md:border max-md:p-3">
                <td className={cell} data-label="Position">
                  {entry.position}
                  {entry.place ? <span className="text-mist"> (next: {entry.place})</span> : null}
                </td>
                <td className={`${cell} [overflow-wrap:anywhere]`} data-label="Guest">
                  <span>
                    <span className="text-ivory">{entry.name}</span> · {entry.email}
                  </span>
                </td>
                <td className={cell} data-label="Seats">
                  {entry.seats}
                </td>
                <td className={cell} data-label="Status">
                  {statusText[entry.status]}
                  {entry.offerExpiresAt ? ` until ${entry.offerExpiresAt}` : ""}
                </td>
                <td className={cell}>
                  {entry.status === "waiting" || entry.status === "expired" ? (
                    <Form method="post">
                      <input type="hidden" name="entryId" value={entry.id} />
                      <input type="hidden" name="eventId" value={event.id} />
                      <button type="submit" name="intent" value="offer-seats" className={smallButton} disabled={props.busy} aria-label={`Offer seats to ${entry.name}`}>
                        Offer seats
                      </button>
                    </Form>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

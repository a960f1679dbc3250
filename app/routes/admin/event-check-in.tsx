import { useEffect, useMemo } from "react";
import { data, Form, Link, useLocation, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/event-check-in";
import { ArrivalCountsPanel } from "#app/components/admin/check-in/arrival-counts";
import { AddGuestForm } from "#app/components/admin/guests/guest-forms";
import { GuestRow } from "#app/components/admin/check-in/guest-row";
import { PrintableGuestList, PrintGuestListButton } from "#app/components/admin/check-in/printable-guest-list";
import { CheckInLoadFailed, DoorStatusBar } from "#app/components/admin/check-in/door-status";
import { useDoor } from "#app/components/admin/check-in/use-door";
import { useDoorControls } from "#app/components/admin/check-in/use-door-controls";
import { answerWithoutSignal, isNetworkFailure } from "#app/components/admin/check-in/offline/no-signal-answers";
import { useDoorServiceWorker } from "#app/components/admin/check-in/offline/use-door-service-worker";
import { ScanTickets } from "#app/components/admin/check-in/scanner/scan-tickets";
import { useDoorScan } from "#app/components/admin/check-in/scanner/use-door-scan";
import type { StaffOutcome } from "#app/components/admin/staff-outcome";
import { readForm } from "#app/lib/form-data.server";
import { useFieldValue } from "#app/lib/use-field-value";
import { useHydrated } from "#app/lib/use-hydrated";
import { isNoSignalAnswer } from "#app/lib/no-signal";
import { addressWithSearch, filterInPlace, keepSearchInAddress } from "#app/components/admin/check-in/search-in-address";
import { logFailure } from "#app/lib/log.server";
import { pageMeta } from "#app/lib/seo";
import type { WebAppHandle } from "#app/lib/web-app";
import { siteConfig } from "#app/lib/site-config";
import { formatEventDate, formatEventTime } from "#app/lib/event-dates";
import { answerGuestForm, checkInGuest, loadCheckIn, recordGuestContribution, undoCheckIn } from "#app/modules/reservations/index.server";
import { countArrivals, guestMatches } from "#app/modules/reservations";
import { can } from "#app/modules/access";
import { refusalStatus } from "#app/lib/outcome";
import { requireStaffPage } from "#app/routes/guards.server";
import { signingSecret } from "#app/modules/music/index.server";

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, { title: "Check-in", description: "Staff check-in at the door", noIndex: true }),
  // The name under the icon when added to an iPhone's home screen (the manifest's short_name elsewhere).
  { name: "apple-mobile-web-app-title", content: "Door" },
];

/** The door is a web app of its own, installable from this page only (decision 068); the root leaves out the site's manifest here. */
export const links: Route.LinksFunction = () => [
  { rel: "manifest", href: "/door.webmanifest" },
  { rel: "apple-touch-icon", href: "/door-apple-touch-icon.png" },
];
export const handle: WebAppHandle = { ownWebApp: true };
/** The scanner's "Already checked in at 7:02 PM": the venue's clock. */
const formatVenueTime = (instant: Date) => formatEventTime(instant, siteConfig.venue.timeZone);

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireStaffPage(request, "manage-reservations", context);
  let outcome: Awaited<ReturnType<typeof loadCheckIn>>;
  try {
    // The printed list carries each guest's ticket code; the screen's rows never show them.
    outcome = await loadCheckIn(context.db, user, params.eventId, { ticketSecret: await signingSecret(context.auth) });
  } catch (error) {
    logFailure("reservations", "loading the check-in list", error);
    return { loadFailed: true as const };
  }
  if (!outcome.ok) throw data({ message: outcome.message }, { status: refusalStatus(outcome.reason) });
  const timeZone = siteConfig.venue.timeZone;
  const { event, guests, tickets } = outcome;
  return {
    loadFailed: false as const,
    mayRecordPayments: can(user, "record-contributions"),
    timeZone,
    staffEmail: user.email,
    event: { id: event.id, title: event.title, when: `${formatEventDate(event.startsAt, timeZone)}, ${formatEventTime(event.startsAt, timeZone)}`, location: event.location },
    guests,
    tickets,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireStaffPage(request, "manage-reservations", context);
  const form = await readForm(request);
  const input = { ...form, eventId: params.eventId };
  const db = context.db;
  // A walk-in or a guest's details (decision 043), for this page's event only.
  if (form.intent === "add-guest" || form.intent === "edit-guest") {
    const outcome = await answerGuestForm(db, user, form.intent, input, context.env.WAITLIST_OFFER_HOURS, context.wake.outbox);
    if (outcome.ok) return data<StaffOutcome>({ intent: form.intent, ...outcome });
    const { reason, ...refusal } = outcome;
    return data<StaffOutcome>({ intent: form.intent, ...refusal }, { status: refusalStatus(reason) });
  }
  // 'Paid in cash': the amount is the one the reservation expects, never the form's.
  if (form.intent === "paid-in-cash") {
    const outcome = await recordGuestContribution(db, user, { eventId: params.eventId, reservationId: form.reservationId, method: "cash" });
    if (outcome.ok) return data<StaffOutcome>({ ok: true, intent: form.intent, message: outcome.message });
    return data<StaffOutcome>({ ok: false, intent: form.intent, message: outcome.message }, { status: refusalStatus(outcome.reason) });
  }
  const outcome = form.intent === "undo" ? await undoCheckIn(db, user, input) : await checkInGuest(db, user, input);
  if (outcome.ok) return data<StaffOutcome>({ ok: true, intent: form.intent, message: outcome.message });
  return data<StaffOutcome>({ ok: false, intent: form.intent, message: outcome.message }, { status: refusalStatus(outcome.reason) });
}

/** The list this page last showed, and its event's id, kept for a refresh that cannot reach the server (below). */
let lastList: { eventId: string; data: Awaited<ReturnType<Route.ClientLoaderArgs["serverLoader"]>> } | undefined;

/**
 * The page's data, through the browser: when a reload after a form cannot reach the server, the
 * page keeps the list it has instead of turning into an error page (decision 068). A refusal or a
 * redirect to sign in still shows; another event's page never shows this one's list.
 */
export async function clientLoader({ params, serverLoader }: Route.ClientLoaderArgs) {
  try {
    const data = await serverLoader();
    lastList = { eventId: params.eventId, data };
    return data;
  } catch (error) {
    if (lastList?.eventId === params.eventId && isNetworkFailure(error)) return lastList.data;
    throw error;
  }
}

/** A form posted as the signal goes answers "No signal: nothing was saved", never the error page (decision 068). */
export const clientAction = ({ request, serverAction }: Route.ClientActionArgs) => answerWithoutSignal(request, serverAction);

/** Every tap reloads, a refused one too (another device may have changed the guest); a post that met no signal does not. The search never navigates. */
export function shouldRevalidate({ formMethod, actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (isNoSignalAnswer(actionResult)) return false;
  return formMethod && formMethod.toUpperCase() !== "GET" ? true : defaultShouldRevalidate;
}

export default function CheckInPage({ loaderData, actionData, params }: Route.ComponentProps) {
  const location = useLocation();
  // The list filters as one types, and the address keeps the search (a reload, a shared link).
  const search = useFieldValue<HTMLInputElement>(new URLSearchParams(location.search).get("q") ?? "", keepSearchInAddress);
  const query = search.value;
  // The door phone's store (decision 067): taps apply at once, wait for signal, and the other phones' show within seconds.
  const door = useDoor(params.eventId, loaderData.loadFailed ? "" : loaderData.staffEmail);
  const hydrated = useHydrated();
  useDoorServiceWorker(location.pathname);
  // A form answered (a guest edited or added, a payment recorded): the door list catches up now.
  const { refresh } = door;
  useEffect(() => refresh(), [loaderData, refresh]);
  // The list the server rendered, kept too: the first refresh's data comes through clientLoader.
  useEffect(() => void (lastList = { eventId: params.eventId, data: loaderData }), [params.eventId, loaderData]);

  const serverGuests = useMemo(() => (loaderData.loadFailed ? [] : loaderData.guests), [loaderData]);
  const guests = door.guests ?? serverGuests;
  const counts = useMemo(() => countArrivals(guests), [guests]);
  const { onTap, takeOffline, afterTaps } = useDoorControls(door);
  const scan = useDoorScan(params.eventId, door);

  if (loaderData.loadFailed) return <CheckInLoadFailed />;

  const { event } = loaderData;
  // The router's address does not follow the typing (keepSearchInAddress): the forms take the search from the box.
  const action = addressWithSearch(location.pathname, location.search, query);
  const matching = guests.filter((guest) => guestMatches(guest, query)).length;

  return (
    <section aria-labelledby="check-in-title" className="mx-auto mt-4 max-w-3xl" onSubmitCapture={afterTaps}>
      <p>
        <Link to="/admin/eventreservations" className="inline-flex min-h-11 items-center text-sm text-amber underline-offset-4 hover:underline">
          ← Event reservations
        </Link>
      </p>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 id="check-in-title" className="text-3xl break-words text-ivory">
            Check-in: {event.title}
          </h1>
          <p className="mt-1 text-sand">
            {event.when}
            {event.location ? ` · ${event.location}` : ""}
          </p>
        </div>
        <PrintGuestListButton />
      </div>

      <DoorStatusBar hydrated={hydrated} door={door} timeZone={loaderData.timeZone} />
      <div className="mt-4">
        <ScanTickets resolve={scan.resolve} onCheckIn={scan.onCheckIn} formatTime={formatVenueTime} />
      </div>

      <ArrivalCountsPanel counts={counts} />

      <div className="mt-4">
        <AddGuestForm
          eventId={event.id}
          eventTitle={event.title}
          walkIn
          action={action}
          answered={actionData?.intent === "add-guest" ? actionData : undefined}
          takeOffline={hydrated ? takeOffline : undefined}
        />
      </div>

      {actionData ? (
        <p role={actionData.ok ? "status" : "alert"} className={`mt-4 rounded-2xl border p-3 ${actionData.ok ? "border-sage/50 text-ivory" : "border-danger/50 text-danger"}`}>
          {actionData.message}
        </p>
      ) : null}

      {/* Without the script, Search asks the server; with it, the list has filtered already as one typed. */}
      <Form method="get" role="search" aria-label="Guests" className="mt-6 flex items-end gap-2" onSubmit={filterInPlace}>
        <div className="min-w-0 flex-1">
          <label htmlFor="guest-search" className="block text-sm font-semibold text-sand">
            Search guests by name or e-mail
          </label>
          <input
            id="guest-search"
            name="q"
            type="search"
            autoComplete="off"
            {...search.field}
            className="input-field mt-1"
          />
        </div>
        <button type="submit" className="button-secondary">
          Search
        </button>
      </Form>

      <h2 className="sr-only">Guests</h2>
      {guests.length === 0 ? (
        <p className="mt-6 text-sand">No guests have reserved seats for this event yet.</p>
      ) : matching === 0 ? (
        <p className="mt-6 text-sand">No guest matches “{query}”.</p>
      ) : null}
      <ul className="mt-4 grid gap-3">
        {guests.map((guest) => (
          <GuestRow
            key={guest.reservationId}
            eventId={event.id}
            guest={guest}
            action={action}
            hidden={!guestMatches(guest, query)}
            onTap={hydrated ? onTap : undefined}
            online={door.connection === "online"}
            mayRecordPayments={loaderData.mayRecordPayments}
            editAnswered={actionData?.intent === "edit-guest" && actionData.ok === false && actionData.values?.reservationId === guest.reservationId ? actionData : undefined}
          />
        ))}
      </ul>

      <PrintableGuestList title={event.title} when={event.when} guests={guests} tickets={loaderData.tickets} />
    </section>
  );
}

import { data, Form, Link, useSearchParams } from "react-router";
import type { Route } from "./+types/event-reservations";
import { CampaignList } from "#app/components/admin/campaigns/campaign-list";
import { ReservationEventsTable, type ReservationEventView } from "#app/components/admin/reservations/reservation-events-table";
import { useOutcomeToast } from "#app/components/admin/staff-outcome";
import type { ReservationsPageOutcome } from "#app/components/admin/reservations/page-outcome";
import { logFailure } from "#app/lib/log.server";
import { pageMeta } from "#app/lib/seo";
import { siteConfig } from "#app/lib/site-config";
import { readEventMailings } from "#app/modules/campaigns/index.server";
import { formatEventDate, formatEventTime, formatVenueDateTime } from "#app/lib/event-dates";
import { can } from "#app/modules/access";
import { listReservationsAdmin, type AdminEvent } from "#app/modules/reservations/index.server";
import { reservationsAdminMessages as messages } from "#app/modules/reservations";
import { refusalStatus } from "#app/lib/outcome";
import { requireStaffPage, searchParam } from "#app/routes/guards.server";
import { runIntent, type IntentHandler } from "#app/routes/intents.server";
import { addGuest } from "./event-reservations/add-guest.server";
import { cancel } from "./event-reservations/cancel.server";
import { changeAttendeeMail } from "./event-reservations/change-attendee-mail.server";
import { deleteEvent } from "./event-reservations/delete-event.server";
import { deleteReservation } from "./event-reservations/delete-reservation.server";
import { editGuest } from "./event-reservations/edit-guest.server";
import { offerSeats } from "./event-reservations/offer-seats.server";
import { recordContribution } from "./event-reservations/record-contribution.server";
import { refundContribution } from "./event-reservations/refund-contribution.server";
import { pause } from "./event-reservations/pause.server";
import { resume } from "./event-reservations/resume.server";
import { retry } from "./event-reservations/retry.server";
import { sendAttendeeMail } from "./event-reservations/send-attendee-mail.server";
import { setMaxSeats } from "./event-reservations/set-max-seats.server";
import { setReminders } from "./event-reservations/set-reminders.server";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Event reservations", description: "Staff reservations", noIndex: true });

function toView(event: AdminEvent): ReservationEventView {
  const timeZone = siteConfig.venue.timeZone;
  return {
    id: event.id,
    title: event.title,
    slug: event.slug,
    dateLabel: formatEventDate(event.startsAt, timeZone),
    timeLabel: formatEventTime(event.startsAt, timeZone),
    isPast: event.isPast,
    published: event.status === "published",
    maxSeats: event.maxSeats,
    seatsTaken: event.seatsTaken,
    remindersEnabled: event.remindersEnabled,
    reservationCount: event.reservationCount,
    reservations: event.reservations.map(({ createdAt, contribution: { paymentId: _paymentId, ...contribution }, ...reservation }) => ({
      ...reservation,
      contribution,
      reservedAt: formatVenueDateTime(createdAt, timeZone),
    })),
    contributions: event.contributions,
    waitingList: event.waitingList.map((line) => ({
      id: line.id,
      position: line.position,
      place: line.place,
      name: line.name,
      email: line.email,
      seats: line.seats,
      status: line.status,
      offerExpiresAt: line.offerExpiresAt ? formatVenueDateTime(line.offerExpiresAt, timeZone) : null,
    })),
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaffPage(request, "manage-reservations", context);
  const search = searchParam(new URL(request.url).searchParams, "q");
  const mayMail = can(user, "mail-event-attendees");
  const mayDeleteEvents = can(user, "delete-events");
  const mayOpenDashboard = can(user, "open-dashboard");
  const mayChangeSeats = can(user, "change-seat-limits");
  const mayManageEvents = can(user, "manage-events");
  const mayRecordPayments = can(user, "record-contributions");
  const mayRefund = can(user, "refund-contributions");
  let read;
  try {
    read = await Promise.all([listReservationsAdmin(context.db, user, { search }), readEventMailings(context.db, user)]);
  } catch (error) {
    logFailure("reservations", "loading the reservations page", error);
    return { loadFailed: true as const, search, mayChangeSeats, mayManageEvents, mayOpenDashboard, timeZone: siteConfig.venue.timeZone };
  }
  const [list, { campaigns, failed }] = read;
  if (!list.ok) throw data({ message: list.message }, { status: refusalStatus(list.reason) });
  const mayOpenResults = can(user, "send-communications");
  return { loadFailed: false as const, search, events: list.events.map(toView), campaigns, failed, mayMail, mayRecordPayments, mayRefund, mayDeleteEvents, mayChangeSeats, mayManageEvents, mayOpenDashboard, mayOpenResults, timeZone: siteConfig.venue.timeZone };
}


/** The page's intents, each in its own file with the fields it reads (docs/decisions/062). */
const intents: Record<string, IntentHandler<ReservationsPageOutcome>> = {
  "set-max-seats": setMaxSeats,
  "delete-reservation": deleteReservation,
  "add-guest": addGuest,
  "edit-guest": editGuest,
  "record-contribution": recordContribution,
  "refund-contribution": refundContribution,
  "delete-event": deleteEvent,
  "offer-seats": offerSeats,
  "set-reminders": setReminders,
  "send-attendee-mail": sendAttendeeMail,
  "change-attendee-mail": changeAttendeeMail,
  pause,
  resume,
  cancel,
  retry,
};

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaffPage(request, "manage-reservations", context);
  const fields = Object.fromEntries(await request.formData());
  const intent = typeof fields.intent === "string" ? fields.intent : "";
  const unknown = { ok: false as const, intent, message: "Unknown action." };
  return runIntent(intents, intent, fields, { user, context, area: "reservations", page: "reservations page", unknown });
}

export default function EventReservationsPage({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  // Row actions answer through their row's fetcher; what arrives here is a form posted without JavaScript, or a campaign control.
  useOutcomeToast(actionData);
  const banner = actionData && !actionData.ok && !actionData.target && !actionData.fieldErrors ? actionData.message : null;
  return (
    <section aria-labelledby="reservations-title" className="mt-6">
      {loaderData.mayOpenDashboard ? (
        <Link to="/admin" className="mb-3 inline-block text-sm text-amber underline-offset-4 hover:underline">
          ← Back to the dashboard
        </Link>
      ) : null}
      <h1 id="reservations-title" className="text-4xl text-ivory">
        Event reservations
      </h1>
      <p className="mt-2 text-sand">Who is coming, seat limits and the guests&apos; mail. Times are the venue&apos;s ({loaderData.timeZone}).</p>

      {loaderData.loadFailed || banner ? (
        <p role="alert" className="mt-6 rounded-2xl border border-danger/50 bg-danger/10 p-4 text-danger">
          {loaderData.loadFailed ? messages.loadFailed : banner}
        </p>
      ) : null}

      {loaderData.mayManageEvents ? (
        // Events are created in one place, as drafts (docs/decisions/041).
        <p className="mt-6">
          <Link to="/admin/eventmanagement?new=1&reservations=1" className="button-secondary">
            New event
          </Link>
          <span className="ml-3 text-sm text-mist">on the Events page, taking reservations (50 seats to start): it starts as a draft, publish it there.</span>
        </p>
      ) : null}

      {/* The guest lists' section heading (the event groups' own headings are h3). */}
      <h2 className="mt-10 text-2xl text-ivory">Events and their guests</h2>
      <Form method="get" role="search" aria-label="Search guests" className="mt-4 flex flex-wrap items-end gap-3">
        <div className="min-w-0 grow sm:max-w-md">
          <label htmlFor="guest-search" className="block text-sm text-sand">
            Guest name or e-mail
          </label>
          <input id="guest-search" name="q" type="search" defaultValue={params.get("q") ?? ""} className="input-field mt-1.5" />
        </div>
        <button type="submit" className="button-secondary">
          Search
        </button>
        {loaderData.search ? (
          <Link to="/admin/eventreservations" className="button-secondary">
            Clear
          </Link>
        ) : null}
      </Form>

      {loaderData.loadFailed ? null : loaderData.events.length === 0 ? (
        <p className="mt-8 text-sand">{loaderData.search ? `No guest matches “${loaderData.search}”.` : "No event takes reservations yet."}</p>
      ) : (
        <ReservationEventsTable events={loaderData.events} searching={Boolean(loaderData.search)} mayMail={loaderData.mayMail} mayDeleteEvents={loaderData.mayDeleteEvents} mayChangeSeats={loaderData.mayChangeSeats} mayRecordPayments={loaderData.mayRecordPayments} mayRefund={loaderData.mayRefund} fallback={actionData?.target ? actionData : undefined} />
      )}

      {!loaderData.loadFailed && loaderData.mayMail ? (
        <div className="mt-12">
          <CampaignList campaigns={loaderData.campaigns} failed={loaderData.failed} resultsLinks={loaderData.mayOpenResults} />
        </div>
      ) : null}
    </section>
  );
}

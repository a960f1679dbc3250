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
import { controlEventAttendeeMail, mailEventGuests } from "#app/modules/campaigns/index.server";
import { reviewSecret } from "#app/modules/campaigns/index.server";
import { formatEventDate, formatEventTime, formatVenueDateTime } from "#app/lib/event-dates";
import { can } from "#app/modules/access";
import { deleteEventWithReservations } from "#app/modules/reservations/index.server";
import { deleteReservation } from "#app/modules/reservations/index.server";
import { answerGuestForm } from "#app/modules/reservations/index.server";
import { listReservationsAdmin, type AdminEvent } from "#app/modules/reservations/index.server";
import { offerManually } from "#app/modules/reservations/index.server";
import { failedWith, reservationsAdminMessages as messages } from "#app/modules/reservations";
import { setMaxSeats } from "#app/modules/reservations/index.server";
import { setRemindersEnabled } from "#app/modules/reservations/index.server";
import { refusalStatus, type RefusalReason } from "#app/lib/outcome";
import { requireStaffPage, searchParam } from "#app/routes/guards.server";

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
    reservations: event.reservations.map(({ createdAt, ...reservation }) => ({ ...reservation, reservedAt: formatVenueDateTime(createdAt, timeZone) })),
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
  return { loadFailed: false as const, search, events: list.events.map(toView), campaigns, failed, mayMail, mayDeleteEvents, mayChangeSeats, mayManageEvents, mayOpenDashboard, mayOpenResults, timeZone: siteConfig.venue.timeZone };
}


export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaffPage(request, "manage-reservations", context);
  const form = Object.fromEntries(await request.formData());
  const text = (name: string) => (typeof form[name] === "string" ? (form[name] as string) : "");
  const intent = text("intent");
  const db = context.db;
  const offers = { now: context.now(), offerHours: context.env.WAITLIST_OFFER_HOURS };
  const answer = (outcome: ReservationsPageOutcome, status = 200) => data<ReservationsPageOutcome>(outcome, { status });
  const failure = (outcome: { ok: false; reason: RefusalReason; message: string; fieldErrors?: Record<string, string>; values?: Record<string, string> }, target?: string) =>
    answer({ ok: false, intent, target, message: outcome.message, fieldErrors: outcome.fieldErrors, values: outcome.values }, refusalStatus(outcome.reason));

  try {
    switch (intent) {
      case "set-max-seats": {
        const outcome = await setMaxSeats(db, user, { eventId: text("eventId"), maxSeats: text("maxSeats") }, offers);
        return outcome.ok ? answer({ ok: true, intent, target: text("eventId"), message: outcome.message }) : failure(outcome, text("eventId"));
      }
      case "delete-reservation": {
        const outcome = await deleteReservation(db, user, { reservationId: text("reservationId") }, offers);
        return outcome.ok ? answer({ ok: true, intent, message: outcome.message }) : failure(outcome, text("eventId"));
      }
      case "add-guest":
      case "edit-guest": {
        const outcome = await answerGuestForm(db, user, intent, form, context.env.WAITLIST_OFFER_HOURS);
        if (!outcome.ok) return failure(outcome, text("eventId"));
        return answer({ ...outcome, intent, target: text("eventId") });
      }
      case "delete-event": {
        const outcome = await deleteEventWithReservations(db, user, { eventId: text("eventId") });
        return outcome.ok ? answer({ ok: true, intent, message: outcome.message }) : failure(outcome, text("eventId"));
      }
      case "offer-seats": {
        const outcome = await offerManually(db, user, text("entryId"), offers);
        if (!outcome.ok) return answer({ ok: false, intent, target: text("eventId"), message: failedWith(messages.offerFailed, outcome.message) }, refusalStatus(outcome.reason));
        return answer({ ok: true, intent, target: text("eventId"), message: messages.offered(outcome.entry.email) });
      }
      case "set-reminders": {
        const enabled = text("enabled") === "true";
        const outcome = await setRemindersEnabled(db, user, text("eventId"), enabled);
        if (!outcome.ok) return answer({ ok: false, intent, target: text("eventId"), message: failedWith(messages.remindersFailed, outcome.message) }, refusalStatus(outcome.reason));
        return answer({ ok: true, intent, target: text("eventId"), message: enabled ? messages.remindersOn : messages.remindersOff });
      }
      case "send-attendee-mail":
      case "change-attendee-mail": {
        const values = { subject: text("subject"), message: text("message") };
        // 'Change' goes back from the review to the form, with everything typed.
        if (intent === "change-attendee-mail") return answer({ ok: false, intent: "send-attendee-mail", target: text("eventId"), message: "", values });
        const review = { secret: await reviewSecret(), publicUrl: context.env.PUBLIC_URL };
        const outcome = await mailEventGuests(db, user, { eventId: text("eventId"), ...values, confirm: text("confirm") || undefined }, context.campaigns, context.env, review);
        if (outcome.ok) return answer({ ok: true, intent, target: text("eventId"), message: messages.announcementQueued(outcome.queued, outcome.skipped) });
        if (outcome.reason === "review") return answer({ ok: false, intent, target: text("eventId"), message: outcome.message, review: outcome.review, values });
        const message = outcome.reason === "no-recipients" || outcome.reason === "daily-limit" ? outcome.message : messages.announcementFailed(outcome.message);
        return failure({ ...outcome, message, values }, text("eventId"));
      }
      case "pause":
      case "resume":
      case "cancel":
      case "retry": {
        const outcome = await controlEventAttendeeMail(db, user, { campaignId: text("campaignId"), intent, recipientId: text("recipientId") || undefined }, context.campaigns);
        return answer({ ok: outcome.ok, intent, message: outcome.message } as ReservationsPageOutcome, outcome.ok ? 200 : outcome.reason === "forbidden" ? 403 : 409);
      }
      default:
        return answer({ ok: false, intent, message: "Unknown action." }, 400);
    }
  } catch (error) {
    logFailure("reservations", `the reservations page's ${intent}`, error);
    return answer({ ok: false, intent, target: text("eventId") || undefined, message: failedWith(failureTextOf(intent), "the server could not do it just now; please try again") }, 503);
  }
}

/** The spec's failure text of each action, for an answer the use case could not give. */
function failureTextOf(intent: string): string {
  const texts: Record<string, string> = {
    "set-max-seats": messages.seatsFailed,
    "delete-reservation": messages.deleteReservationFailed,
    "delete-event": messages.deleteEventFailed,
    "offer-seats": messages.offerFailed,
    "set-reminders": messages.remindersFailed,
    "send-attendee-mail": "Failed to send announcement",
  };
  return texts[intent] ?? "Failed";
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
        <ReservationEventsTable events={loaderData.events} searching={Boolean(loaderData.search)} mayMail={loaderData.mayMail} mayDeleteEvents={loaderData.mayDeleteEvents} mayChangeSeats={loaderData.mayChangeSeats} fallback={actionData?.target ? actionData : undefined} />
      )}

      {!loaderData.loadFailed && loaderData.mayMail ? (
        <div className="mt-12">
          <CampaignList campaigns={loaderData.campaigns} failed={loaderData.failed} resultsLinks={loaderData.mayOpenResults} />
        </div>
      ) : null}
    </section>
  );
}

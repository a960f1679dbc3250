import { useEffect, useRef } from "react";
import { data, Link, useFetcher } from "react-router";
import { reservePath } from "#app/components/events/event-links";
import { MessagePage } from "#app/components/message-page";
import { RESERVE_PAGE_FORM_ID, ReservationForm } from "#app/components/events/reservation-form";
import { ReservationSummary, type ConfirmedReservation } from "#app/components/events/reservation-summary";
import { readForm } from "#app/lib/form-data.server";
import { firstErrorPerField } from "#app/lib/form-errors";
import { pageMeta } from "#app/lib/seo";
import { siteConfig } from "#app/lib/site-config";
import { formatEventDate, formatEventTime } from "#app/lib/event-dates";
import { findPublicEventBySlug, toEventView } from "#app/modules/events/index.server";
import {
  newSubmissionKey,
  reservationMessages,
  reservationSchema,
  typedReservationValues,
  type ReservationField,
  type ReservationResult,
} from "#app/modules/reservations";
import { expectedContributionCents, phoneToTextProblem, reserveSeatsForVisitor } from "#app/modules/reservations/index.server";
import type { Route } from "./+types/reserve-event";
import { passRetryAfter, tooManyAttemptsInit } from "#app/lib/retry-after-header";
import { refusalStatus } from "#app/lib/outcome";
import { deliverabilityMessages } from "#app/modules/deliverability";
import { hasHardBounced } from "#app/modules/deliverability/index.server";
import { logFailure } from "#app/lib/log.server";
import { orElse } from "#app/lib/or-else";

/**
 * The page's form carries a one-time submission key: a shared cache handing one copy to two
 * visitors would let the second get the first's reservation back, so the page is never stored.
 */
export const headers: Route.HeadersFunction = (args) => ({ ...passRetryAfter(args), "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.loaderData?.event ? `Reserve: ${args.loaderData.event.title}` : reservationMessages.eventNotFound,
    description: args.loaderData?.event
      ? `Reserve your seats for ${args.loaderData.event.title} on ${args.loaderData.event.dateLabel} at ${args.loaderData.event.timeLabel}.`
      : `Reserve your seats at a ${siteConfig.brand.name} gathering.`,
    // The event's own page is the one to share and index; this is its form.
    noIndex: true,
  });

/** The event the reservation page is for (its form is also the reserve dialog's no-JavaScript path). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const event = await findPublicEventBySlug(context.db, params.slug).catch((error: unknown) => {
    logFailure("reservations", "looking up the event", error);
    throw data(reservationMessages.failed, { status: 503 });
  });
  // A page that says so (404), also after a post to an unknown event without JavaScript.
  if (!event) return data({ event: null, submissionKey: null }, { status: 404 });
  // The form's one-time key, made here so the page works without JavaScript: a resent post carries
  // the same key and gets the same reservation.
  return { event: toEventView(event, { now: context.now(), timeZone: siteConfig.venue.timeZone }), submissionKey: newSubmissionKey() };
}


/** Reserves seats for the event: the reserve dialog's fetcher and the plain form post both land here. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const values = typedReservationValues(form);
  const refuse = (status: number, refusal: { error?: string; fieldErrors?: Partial<Record<ReservationField, string>>; contactOrganisers?: boolean }, headers?: HeadersInit) =>
    data<ReservationResult>({ ok: false, ...refusal, values }, { status, headers });

  const parsed = reservationSchema.safeParse(form);
  if (!parsed.success) {
    // The key is no field the visitor can correct: say so above the form.
    const { submissionKey, ...fieldErrors } = firstErrorPerField(parsed.error.issues);
    return refuse(400, Object.keys(fieldErrors).length ? { fieldErrors } : { error: submissionKey });
  }
  const phoneProblem = phoneToTextProblem(parsed.data);
  if (phoneProblem) return refuse(400, { fieldErrors: { phone: phoneProblem } });

  const env = context.env;
  const outcome = await reserveSeatsForVisitor(context.db, {
    client: { key: context.clientKey, rateLimitMultiplier: env.RATE_LIMIT_MULTIPLIER, seatsPerEvent: env.SEATS_PER_CLIENT_PER_EVENT_PER_DAY },
    eventSlug: params.slug,
    input: parsed.data,
    wake: context.wake.outbox,
    contributionsOnline: context.payments !== null,
  });
  if (!outcome.ok) {
    const headers = outcome.reason === "too-many-attempts" || outcome.reason === "seat-budget-reached" ? tooManyAttemptsInit(outcome.retryAfterSeconds).headers : undefined;
    return refuse(refusalStatus(outcome.reason), { error: outcome.message, ...(outcome.reason === "seat-budget-reached" ? { contactOrganisers: true } : {}) }, headers);
  }

  const { timeZone } = siteConfig.venue;
  const email = outcome.reservation.visitorEmail ?? parsed.data.email;
  // Said of the address typed, whoever it belongs to: nothing about accounts.
  const bouncedBefore = await hasHardBounced(context.db, email).catch(orElse(false, "the warning is a courtesy: the reservation is confirmed either way"));
  return data<ReservationResult>({
    ok: true,
    reservation: {
      id: outcome.reservation.id,
      seats: outcome.reservation.seats,
      eventTitle: outcome.event.title,
      dateLabel: formatEventDate(outcome.event.startsAt, timeZone),
      timeLabel: formatEventTime(outcome.event.startsAt, timeZone),
      email,
      // The guest's own cancel link, shown with the summary (the e-mail brings one of its own).
      cancelPath: outcome.cancelPath,
      contribution: { totalCents: expectedContributionCents(outcome.reservation), payPath: outcome.contributionPath },
      ...(bouncedBefore ? { mailWarning: deliverabilityMessages.hardBounced } : {}),
    },
  });
}

/** A lost connection shows the dialog's failure text, keeping what was typed. */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs): Promise<ReservationResult> {
  const form = Object.fromEntries(await request.clone().formData());
  try {
    return await serverAction();
  } catch {
    return { ok: false, error: reservationMessages.failed, values: typedReservationValues(form) };
  }
}

export default function ReserveEvent({ loaderData, actionData }: Route.ComponentProps) {
  const { event, submissionKey } = loaderData;
  const fetcher = useFetcher<ReservationResult>();
  const result = fetcher.data ?? actionData;
  if (!event) return <MessagePage eyebrow="404" title={reservationMessages.eventNotFound} text="" />;

  return (
    <section className="mx-auto max-w-2xl px-5 py-20 sm:px-8 sm:py-24">
      <p className="eyebrow">Reserve Your Spot</p>
      <h1 className="mt-3 text-4xl text-ivory sm:text-5xl">{event.title}</h1>
      <p className="mt-4 text-amber">
        <time dateTime={event.startsAt}>
          {event.dateLabel} · {event.timeLabel}
        </time>
        {event.location ? <span className="text-sand"> · {event.location}</span> : null}
      </p>
      <p className="mt-4 text-sand">{event.description}</p>

      <div className="mt-10 rounded-3xl border border-ember bg-umber/70 p-7 sm:p-8">
        {result?.ok ? (
          <Confirmed reservation={result.reservation} />
        ) : event.action.kind === "reserve" ? (
          <ReservationForm
            id={RESERVE_PAGE_FORM_ID}
            action={reservePath(event.slug)}
            fetcher={fetcher}
            answered={actionData}
            submissionKey={submissionKey ?? undefined}
            submitLabel={event.action.label}
          />
        ) : (
          <p className="text-sand">
            <strong className="block text-xl text-ivory">{event.action.label}</strong>
            <span className="mt-2 block">{reservationMessages.notTakingReservations}</span>
          </p>
        )}
      </div>
      <p className="mt-8">
        <Link to="/events" className="text-amber underline underline-offset-4 hover:text-ivory">
          All events
        </Link>
      </p>
    </section>
  );
}

function Confirmed(props: { reservation: ConfirmedReservation }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The form the visitor was in has gone: bring them to what replaced it.
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div role="status">
      <h2 ref={headingRef} tabIndex={-1} className="text-3xl text-ivory focus:outline-none">
        Reservation Confirmed!
      </h2>
      <div className="mt-4">
        <ReservationSummary reservation={props.reservation} />
      </div>
      <Link to="/" className="button-primary mt-8">
        Back to Home
      </Link>
    </div>
  );
}

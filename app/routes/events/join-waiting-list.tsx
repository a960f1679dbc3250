import { useRef } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { eventPath } from "#app/components/events/event-links";
import { OrganisersContact } from "#app/components/events/organisers-contact";
import { AuthCard, FormBanner } from "#app/components/members/auth-card";
import { MessagePage } from "#app/components/message-page";
import { ErrorSummary, useErrorFocus, useErrorSummaryAction } from "#app/components/ui/form-errors";
import { TextField } from "#app/components/ui/text-field";
import { readForm } from "#app/lib/form-data.server";
import { firstErrorPerField } from "#app/lib/form-errors";
import { logFailure } from "#app/lib/log.server";
import { passRetryAfter, tooManyAttemptsInit } from "#app/lib/retry-after-header";
import { pageMeta } from "#app/lib/seo";
import { siteConfig } from "#app/lib/site-config";
import { findPublicEventBySlug, toEventView } from "#app/modules/events/index.server";
import { joinWaitingList } from "#app/modules/reservations/index.server";
import { reservationMessages, reservationSchema, typedReservationValues, type ReservationField } from "#app/modules/reservations";
import { refusalStatus } from "#app/lib/outcome";
import type { Route } from "./+types/join-waiting-list";

/** A full event's waiting list: a plain form (no JavaScript needed) and the place it gives. */
export const headers: Route.HeadersFunction = (args) => ({ ...passRetryAfter(args), "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.loaderData?.event ? `Waiting list: ${args.loaderData.event.title}` : reservationMessages.eventNotFound,
    description: "Join the waiting list of a full event.",
    noIndex: true,
  });

export async function loader({ params, context }: Route.LoaderArgs) {
  const event = await findPublicEventBySlug(context.db, params.slug).catch((error: unknown) => {
    logFailure("reservations", "looking up the event", error);
    throw data(reservationMessages.failed, { status: 503 });
  });
  if (!event) return data({ event: null }, { status: 404 });
  return { event: toEventView(event, { now: context.now(), timeZone: siteConfig.venue.timeZone }) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const values = typedReservationValues(form);
  const parsed = reservationSchema.safeParse({ ...form, submissionKey: undefined });
  if (!parsed.success) {
    return data({ ok: false as const, fieldErrors: firstErrorPerField(parsed.error.issues) as Partial<Record<ReservationField, string>>, error: undefined, values }, { status: 400 });
  }
  const env = context.env;
  const outcome = await joinWaitingList(context.db, {
    client: { key: context.clientKey, rateLimitMultiplier: env.RATE_LIMIT_MULTIPLIER, seatsPerEvent: env.SEATS_PER_CLIENT_PER_EVENT_PER_DAY },
    eventSlug: params.slug,
    input: parsed.data,
    wake: context.wake.outbox,
  });
  if (!outcome.ok) {
    const init =
      outcome.reason === "too-many-attempts" || outcome.reason === "seat-budget-reached"
        ? tooManyAttemptsInit(outcome.retryAfterSeconds)
        : { status: refusalStatus(outcome.reason) };
    return data({ ok: false as const, fieldErrors: undefined, error: outcome.message, values, contactOrganisers: outcome.reason === "seat-budget-reached" }, init);
  }
  return { ok: true as const, place: outcome.place, seats: outcome.entry.seats, email: outcome.entry.email };
}

export default function JoinWaitingList({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { event } = loaderData;
  if (!event) return <MessagePage eyebrow="404" title={reservationMessages.eventNotFound} text="" />;
  if (actionData?.ok) {
    return (
      <AuthCard eyebrow="Waiting list" title={`You are number ${actionData.place} on the waiting list`}>
        <div role="status">
          <FormBanner tone="success">
            We will e-mail {actionData.email} as soon as {actionData.seats === 1 ? "a seat frees" : `${actionData.seats} seats free`} up for {event.title},
            and hold {actionData.seats === 1 ? "it" : "them"} for you for a while. The e-mail we just sent has your link to see your place or leave the list.
          </FormBanner>
        </div>
        <p className="mt-6">
          <Link to={eventPath(event.slug)} className="button-secondary w-full">
            Back to the event
          </Link>
        </p>
      </AuthCard>
    );
  }
  return <WaitingListForm event={event} answer={actionData && !actionData.ok ? actionData : undefined} busy={navigation.state !== "idle"} />;
}

type Refusal = { fieldErrors?: Partial<Record<ReservationField, string>>; error?: string; values?: Partial<Record<string, string>>; contactOrganisers?: boolean };

/** The form, its error summary and focus on the first field in error after a refusal (decision 055). */
function WaitingListForm({ event, answer, busy }: { event: { title: string; dateLabel: string; timeLabel: string; location: string | null }; answer?: Refusal; busy: boolean }) {
  const values = answer?.values;
  const errors = answer?.fieldErrors ?? {};
  const formRef = useRef<HTMLFormElement>(null);
  const attempt = useErrorFocus(answer, errors, formRef);
  const action = useErrorSummaryAction("waiting-list-errors");
  const idOf = (name: string) => `waiting-${name}`;
  return (
    <AuthCard
      eyebrow="Guest List Full"
      title={`Join the waiting list: ${event.title}`}
      intro={`${event.dateLabel} · ${event.timeLabel}${event.location ? ` · ${event.location}` : ""}. When seats free up, the first guests in line whose group fits get an e-mail offer that holds the seats for them.`}
    >
      <Form ref={formRef} method="post" action={action} className="mt-4 space-y-4" noValidate>
        <ErrorSummary key={attempt} id="waiting-list-errors" errors={errors} message={answer?.error} fieldId={idOf} />
        {answer?.contactOrganisers ? (
          <p className="text-sm text-sand">
            <OrganisersContact />
          </p>
        ) : null}
        <TextField id={idOf("name")} name="name" label="Name" required autoComplete="name" defaultValue={values?.name} error={errors.name} />
        <TextField id={idOf("email")} name="email" label="Email" type="email" required autoComplete="email" defaultValue={values?.email} error={errors.email} />
        <TextField id={idOf("phone")} name="phone" label="Phone (optional)" type="tel" autoComplete="tel" defaultValue={values?.phone} error={errors.phone} />
        <TextField id={idOf("seats")} name="seats" label="Seats wanted" type="number" min={1} max={10} required defaultValue={values?.seats ?? "1"} error={errors.seats} />
        <button type="submit" className="button-primary w-full" disabled={busy}>
          {busy ? "Submitting..." : "Join the waiting list"}
        </button>
      </Form>
    </AuthCard>
  );
}

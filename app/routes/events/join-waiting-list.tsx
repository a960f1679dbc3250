import { data, Form, Link, useNavigation } from "react-router";
import { eventPath } from "~/components/events/event-links";
import { OrganisersContact } from "~/components/events/organisers-contact";
import { AuthCard, FormBanner } from "~/components/members/auth-card";
import { MessagePage } from "~/components/message-page";
import { readForm } from "~/lib/form-data.server";
import { firstErrorPerField } from "~/lib/form-errors";
import { logFailure } from "~/lib/log.server";
import { passRetryAfter, tooManyAttemptsInit } from "~/lib/retry-after-header";
import { pageMeta } from "~/lib/seo";
import { siteConfig } from "~/lib/site-config";
import { findPublicEventBySlug, toEventView } from "~/modules/events/index.server";
import { joinWaitingList } from "~/modules/reservations/index.server";
import { reservationMessages, reservationSchema, typedReservationValues, type ReservationField } from "~/modules/reservations";
import { refusalStatus } from "~/lib/outcome";
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

const field = "mt-2 w-full rounded-xl border border-ember bg-night px-4 py-3 text-ivory";

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
  const failed = actionData && !actionData.ok ? actionData : undefined;
  const values = failed?.values;
  const errors = failed?.fieldErrors ?? {};
  const busy = navigation.state !== "idle";
  return (
    <AuthCard
      eyebrow="Guest List Full"
      title={`Join the waiting list: ${event.title}`}
      intro={`${event.dateLabel} · ${event.timeLabel}${event.location ? ` · ${event.location}` : ""}. When seats free up, the first guests in line whose group fits get an e-mail offer that holds the seats for them.`}
    >
      {failed?.error ? (
        <FormBanner tone="error">
          {failed.error}
          {"contactOrganisers" in failed && failed.contactOrganisers ? <OrganisersContact /> : null}
        </FormBanner>
      ) : null}
      <Form method="post" className="mt-4 space-y-4" noValidate>
        <label className="block">
          <span className="block text-sm text-sand">Name</span>
          <input name="name" required autoComplete="name" defaultValue={values?.name} className={field} aria-invalid={Boolean(errors.name)} />
          {errors.name ? <span className="mt-1 block text-sm text-rose-300">{errors.name}</span> : null}
        </label>
        <label className="block">
          <span className="block text-sm text-sand">Email</span>
          <input name="email" type="email" required autoComplete="email" defaultValue={values?.email} className={field} aria-invalid={Boolean(errors.email)} />
          {errors.email ? <span className="mt-1 block text-sm text-rose-300">{errors.email}</span> : null}
        </label>
        <label className="block">
          <span className="block text-sm text-sand">Phone (optional)</span>
          <input name="phone" type="tel" autoComplete="tel" defaultValue={values?.phone} className={field} />
          {errors.phone ? <span className="mt-1 block text-sm text-rose-300">{errors.phone}</span> : null}
        </label>
        <label className="block">
          <span className="block text-sm text-sand">Seats wanted</span>
          <input name="seats" type="number" min={1} max={10} required defaultValue={values?.seats ?? "1"} className={field} aria-invalid={Boolean(errors.seats)} />
          {errors.seats ? <span className="mt-1 block text-sm text-rose-300">{errors.seats}</span> : null}
        </label>
        <button type="submit" className="button-primary w-full" disabled={busy}>
          {busy ? "Submitting..." : "Join the waiting list"}
        </button>
      </Form>
    </AuthCard>
  );
}

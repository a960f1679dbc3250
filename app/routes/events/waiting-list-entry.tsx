import { data, Form, useNavigation } from "react-router";
import { AuthCard, FormBanner } from "#app/components/members/auth-card";
import { readForm } from "#app/lib/form-data.server";
import { passRetryAfter, tooManyAttemptsInit } from "#app/lib/retry-after-header";
import { pageMeta } from "#app/lib/seo";
import { siteConfig } from "#app/lib/site-config";
import { formatEventDate, formatEventTime } from "#app/lib/event-dates";
import { leaveWaitingList, showWaitingListLink } from "#app/modules/reservations/index.server";
import { GuestLinkDone, GuestLinkProblem } from "#app/components/events/guest-link-card";
import type { Route } from "./+types/waiting-list-entry";

/** A guest's waiting-list link: shows their place (GET); leaving the list is a button (POST). */
export const headers: Route.HeadersFunction = (args) => ({ ...passRetryAfter(args), "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Your place on the waiting list", description: "Your place on the waiting list.", noIndex: true });

const statusText = {
  offered: "Seats are being held for you: see the offer e-mail we sent to claim them.",
  claimed: "You claimed your seats: they are reserved for you.",
  expired: "Your offer expired and the seats went to the next guest in line.",
  left: "You left the waiting list.",
} as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  // A used or expired link still gets a page saying so (200): after a successful POST this loader
  // runs again for the answer's page and finds the link used, and must not turn the answer into an error.
  const view = await showWaitingListLink(context.db, token, "waiting-list-entry");
  if (!view.ok) return data({ token, problem: view.message, entry: null }, { status: view.reason === "invalid" ? 404 : 200 });
  const { timeZone } = siteConfig.venue;
  return {
    token,
    problem: null,
    entry: {
      name: view.entry.name,
      seats: view.entry.seats,
      status: view.entry.status,
      place: view.place,
      eventTitle: view.event.title,
      eventSlug: view.event.slug,
      dateLabel: formatEventDate(view.event.startsAt, timeZone),
      timeLabel: formatEventTime(view.event.startsAt, timeZone),
    },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const env = context.env;
  const outcome = await leaveWaitingList(context.db, {
    client: { key: context.clientKey, rateLimitMultiplier: env.RATE_LIMIT_MULTIPLIER },
    token: form.token ?? "",
    purpose: "waiting-list-entry",
    offerHours: env.WAITLIST_OFFER_HOURS,
    wake: context.wake.outbox,
  });
  if (!outcome.ok) {
    return data(
      { ok: false as const, error: outcome.message },
      outcome.reason === "too-many-attempts" ? tooManyAttemptsInit(outcome.retryAfterSeconds) : { status: outcome.reason === "could-not-change" ? 503 : 410 },
    );
  }
  return { ok: true as const, eventTitle: outcome.event.title, eventSlug: outcome.event.slug };
}

export default function WaitingListEntry({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  if (actionData?.ok) {
    return (
      <GuestLinkDone
        eyebrow="Waiting list"
        title="You left the waiting list"
        message={`You are no longer on the waiting list for ${actionData.eventTitle}.`}
        slug={actionData.eventSlug}
      />
    );
  }
  const { entry } = loaderData;
  if (!entry) {
    return (
      <GuestLinkProblem eyebrow="Waiting list" title="This link no longer works" problem={loaderData.problem} showEvents={false} />
    );
  }
  const waiting = entry.status === "waiting";
  return (
    <AuthCard
      eyebrow="Waiting list"
      title={waiting ? `You are number ${entry.place} on the waiting list` : entry.eventTitle}
      intro={`${entry.eventTitle} · ${entry.dateLabel} at ${entry.timeLabel} · ${entry.seats} ${entry.seats === 1 ? "seat" : "seats"} wanted.`}
    >
      {actionData?.error ? <FormBanner tone="error">{actionData.error}</FormBanner> : null}
      {waiting ? (
        <Form method="post" className="mt-4">
          <input type="hidden" name="token" value={loaderData.token} />
          <button type="submit" className="button-secondary w-full" disabled={navigation.state !== "idle"}>
            Leave the waiting list
          </button>
        </Form>
      ) : (
        <p className="text-sand">{statusText[entry.status as keyof typeof statusText]}</p>
      )}
    </AuthCard>
  );
}

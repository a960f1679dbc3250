import { data, Form, useNavigation } from "react-router";
import { AuthCard, FormBanner } from "#app/components/members/auth-card";
import { readForm } from "#app/lib/form-data.server";
import { passRetryAfter, tooManyAttemptsInit } from "#app/lib/retry-after-header";
import { pageMeta } from "#app/lib/seo";
import { siteConfig } from "#app/lib/site-config";
import { formatEventDate, formatEventTime } from "#app/lib/event-dates";
import { claimOffer, leaveWaitingList, showWaitingListLink } from "#app/modules/reservations/index.server";
import { GuestLinkDone, GuestLinkProblem } from "#app/components/events/guest-link-card";
import type { Route } from "./+types/claim-offer";

/**
 * A waiting-list offer's link. Opening it only shows the offer; the guest claims the held seats
 * (or passes them on) with a button, which posts the token back here.
 */
export const headers: Route.HeadersFunction = (args) => ({ ...passRetryAfter(args), "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Your seats from the waiting list", description: "Claim your seats.", noIndex: true });

const seatsLabel = (seats: number) => `${seats} ${seats === 1 ? "seat" : "seats"}`;

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  // A used or expired link still gets a page saying so (200): after a successful POST this loader
  // runs again for the answer's page and finds the link used, and must not turn the answer into an error.
  const view = await showWaitingListLink(context.db, token, "claim-offer");
  if (!view.ok) return data({ token, problem: view.message, offer: null }, { status: view.reason === "invalid" ? 404 : 200 });
  const { timeZone } = siteConfig.venue;
  const until = view.entry.offerExpiresAt!;
  return {
    token,
    problem: null,
    offer: {
      name: view.entry.name,
      seats: view.entry.seats,
      eventTitle: view.event.title,
      dateLabel: formatEventDate(view.event.startsAt, timeZone),
      timeLabel: formatEventTime(view.event.startsAt, timeZone),
      until: `${formatEventDate(until, timeZone)} at ${formatEventTime(until, timeZone)}`,
    },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const env = context.env;
  const client = { key: context.clientKey, rateLimitMultiplier: env.RATE_LIMIT_MULTIPLIER };
  const token = form.token ?? "";
  const outcome =
    form.intent === "decline"
      ? await leaveWaitingList(context.db, { client, token, purpose: "claim-offer", offerHours: env.WAITLIST_OFFER_HOURS, wake: context.wake.outbox })
      : await claimOffer(context.db, { client, token, wake: context.wake.outbox });
  if (!outcome.ok) {
    return data(
      { ok: false as const, error: outcome.message },
      outcome.reason === "too-many-attempts" ? tooManyAttemptsInit(outcome.retryAfterSeconds) : { status: outcome.reason === "could-not-change" ? 503 : 410 },
    );
  }
  if ("reservation" in outcome) {
    return { ok: true as const, claimed: true, seats: outcome.reservation.seats, email: outcome.reservation.visitorEmail, eventTitle: outcome.event.title, eventSlug: outcome.event.slug };
  }
  return { ok: true as const, claimed: false, seats: outcome.entry.seats, email: outcome.entry.email, eventTitle: outcome.event.title, eventSlug: outcome.event.slug };
}

export default function ClaimOffer({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  if (actionData?.ok) {
    return (
      <GuestLinkDone
        eyebrow="Waiting list"
        title={actionData.claimed ? "Reservation Confirmed!" : "Seats passed on"}
        message={actionData.claimed
          ? `${seatsLabel(actionData.seats)} at ${actionData.eventTitle} ${actionData.seats === 1 ? "is" : "are"} reserved for you. A confirmation e-mail is on its way to ${actionData.email}.`
          : `Thank you: the seats go to the next guest in line. You are no longer on the waiting list for ${actionData.eventTitle}.`}
        slug={actionData.eventSlug}
      />
    );
  }
  const { offer } = loaderData;
  if (!offer) {
    return (
      <GuestLinkProblem eyebrow="Waiting list" title="This offer is no longer open" problem={loaderData.problem} />
    );
  }
  const busy = navigation.state !== "idle";
  return (
    <AuthCard
      eyebrow="Waiting list"
      title={`${seatsLabel(offer.seats)} for you`}
      intro={
        <>
          {offer.name}, we are holding {seatsLabel(offer.seats)} for you at <strong className="text-ivory">{offer.eventTitle}</strong> on {offer.dateLabel} at{" "}
          {offer.timeLabel}, until {offer.until}.
        </>
      }
    >
      {actionData?.error ? <FormBanner tone="error">{actionData.error}</FormBanner> : null}
      <Form method="post" className="mt-4 space-y-3">
        <input type="hidden" name="token" value={loaderData.token} />
        <button type="submit" name="intent" value="claim" className="button-primary w-full" disabled={busy}>
          Claim my seats
        </button>
        <button type="submit" name="intent" value="decline" className="button-secondary w-full" disabled={busy}>
          I cannot come: pass them on
        </button>
      </Form>
    </AuthCard>
  );
}

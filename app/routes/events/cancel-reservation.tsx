import { data, Form, useNavigation } from "react-router";
import { AuthCard, FormBanner } from "#app/components/members/auth-card";
import { readForm } from "#app/lib/form-data.server";
import { passRetryAfter, tooManyAttemptsInit } from "#app/lib/retry-after-header";
import { pageMeta } from "#app/lib/seo";
import { siteConfig } from "#app/lib/site-config";
import { cancelReservation, showCancellation, ticketView } from "#app/modules/reservations/index.server";
import { signingSecret } from "#app/modules/music/index.server";
import { GuestLinkDone, GuestLinkProblem } from "#app/components/events/guest-link-card";
import { GuestTicket } from "#app/components/events/ticket-qr-code";
import { formatDollars } from "#app/modules/payments";
import type { Route } from "./+types/cancel-reservation";
import { guestReservationFacts } from "./guest-reservation-facts";

/**
 * A guest's own cancel link (from the confirmation, the reminders, the page after reserving): the
 * page of their reservation. Opening it (as a mail scanner does) only shows the reservation and its
 * ticket; the seats go back when the guest presses the button, which posts the token back here.
 */
export const headers: Route.HeadersFunction = (args) => ({ ...passRetryAfter(args), "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Cancel your reservation", description: `Cancel seats at a ${siteConfig.brand.name} gathering.`, noIndex: true });

const seatsLabel = (seats: number) => `${seats} ${seats === 1 ? "seat" : "seats"}`;

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  // A used or expired link still gets a page saying so (200): after a successful POST this loader
  // runs again for the answer's page and finds the link used, and must not turn the answer into an error.
  const view = await showCancellation(context.db, token, context.now(), refundPolicyOf(context.env));
  if (!view.ok) return data({ token, problem: view.message, reservation: null }, { status: view.reason === "invalid" ? 404 : 200 });
  return {
    token,
    problem: null,
    reservation: guestReservationFacts(view.reservation, view.event),
    ticket: ticketView(await signingSecret(context.auth), view.reservation.ticketRef),
    refundRule: view.refundRule ?? null,
  };
}

/** The refund rule for a guest's own cancellation, from the settings. */
const refundPolicyOf = (env: Route.LoaderArgs["context"]["env"]) => ({ policy: env.CONTRIBUTION_REFUND_POLICY, hours: env.CONTRIBUTION_REFUND_HOURS });

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const env = context.env;
  const seats = form.seats === "all" ? "all" : Number(form.seats);
  const outcome = await cancelReservation(context.db, {
    client: { key: context.clientKey, rateLimitMultiplier: env.RATE_LIMIT_MULTIPLIER },
    token: form.token ?? "",
    seats,
    offerHours: env.WAITLIST_OFFER_HOURS,
    wake: context.wake.outbox,
    payments: { gateway: context.payments, refundPolicy: refundPolicyOf(env) },
  });
  if (!outcome.ok) {
    const status = outcome.reason === "too-many-attempts" ? 429 : outcome.reason === "bad-seats" ? 400 : outcome.reason === "could-not-cancel" ? 503 : 410;
    return data({ ok: false as const, error: outcome.message }, outcome.reason === "too-many-attempts" ? tooManyAttemptsInit(outcome.retryAfterSeconds) : { status });
  }
  return {
    ok: true as const,
    eventTitle: outcome.event.title,
    eventSlug: outcome.event.slug,
    seatsCancelled: outcome.seatsCancelled,
    seatsLeft: outcome.seatsLeft,
    refundText: refundOutcomeText(outcome.refund),
  };
}

/** What happened to a paid contribution, in the guest's words; null when nothing was paid. */
function refundOutcomeText(refund: { refundCents: number; keptCents: number }): string | null {
  if (refund.refundCents > 0) return `Your contribution of ${formatDollars(refund.refundCents)} is being refunded to your card; it usually shows within 5 to 10 days.`;
  if (refund.keptCents > 0) return `Your contribution of ${formatDollars(refund.keptCents)} is kept, as the refund rule says. To ask the organisers about it, write to us through the contact page.`;
  return null;
}

export default function CancelReservation({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  if (actionData?.ok) {
    return (
      <GuestLinkDone
        eyebrow="Reservation"
        title={actionData.seatsLeft === 0 ? "Your reservation is cancelled" : "Your reservation is changed"}
        message={actionData.seatsLeft === 0
          ? `${seatsLabel(actionData.seatsCancelled)} for ${actionData.eventTitle} went back to the guest list.`
          : `You gave back ${seatsLabel(actionData.seatsCancelled)}; ${seatsLabel(actionData.seatsLeft)} ${actionData.seatsLeft === 1 ? "is" : "are"} still reserved for you at ${actionData.eventTitle}.`}
        slug={actionData.eventSlug}
      >
        {actionData.refundText ? <p className="mt-5 text-sand">{actionData.refundText}</p> : null}
        <p className="mt-5 text-sm text-mist">A confirmation is on its way by e-mail.</p>
      </GuestLinkDone>
    );
  }
  const { reservation } = loaderData;
  if (!reservation) {
    return (
      <GuestLinkProblem eyebrow="Reservation" title="This link no longer works" problem={loaderData.problem} />
    );
  }
  const busy = navigation.state !== "idle";
  return (
    <AuthCard
      eyebrow="Reservation"
      title="Cancel your reservation"
      intro={
        <>
          {reservation.name}, you have {seatsLabel(reservation.seats)} at <strong className="text-ivory">{reservation.eventTitle}</strong> on{" "}
          {reservation.dateLabel} at {reservation.timeLabel}
          {reservation.location ? ` · ${reservation.location}` : ""}.
        </>
      }
    >
      {actionData?.error ? <FormBanner tone="error">{actionData.error}</FormBanner> : null}
      <GuestTicket ticket={loaderData.ticket} />
      {loaderData.refundRule ? (
        <p className="mb-4 rounded-xl border border-ember bg-night/40 px-4 py-3 text-sm text-sand" data-testid="refund-rule">
          {loaderData.refundRule}
        </p>
      ) : null}
      <Form method="post" className="mt-4 space-y-5">
        <input type="hidden" name="token" value={loaderData.token} />
        <label className="block">
          <span className="block text-sm text-sand">Seats to cancel</span>
          <select name="seats" defaultValue="all" className="mt-2 w-full rounded-xl border border-ember bg-night px-4 py-3 text-ivory">
            <option value="all">All {seatsLabel(reservation.seats)} (cancel the reservation)</option>
            {Array.from({ length: reservation.seats - 1 }, (_, index) => index + 1).map((seats) => (
              <option key={seats} value={seats}>
                {seatsLabel(seats)} (keep {seatsLabel(reservation.seats - seats)})
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button-primary w-full" disabled={busy}>
          {busy ? "Cancelling..." : "Cancel seats"}
        </button>
      </Form>
      <p className="mt-5 text-sm text-mist">Seats you give back go to the next guest on the waiting list.</p>
    </AuthCard>
  );
}

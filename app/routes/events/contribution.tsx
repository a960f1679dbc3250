import { data, redirect, useNavigation } from "react-router";
import { AuthCard, FormBanner } from "#app/components/members/auth-card";
import { BackToEventLink, GuestLinkProblem } from "#app/components/events/guest-link-card";
import { TextField } from "#app/components/ui/text-field";
import { readForm } from "#app/lib/form-data.server";
import { passRetryAfter, tooManyAttemptsInit } from "#app/lib/retry-after-header";
import { pageMeta } from "#app/lib/seo";
import { siteConfig } from "#app/lib/site-config";
import { contributionLabel, contributionMessages, CONTRIBUTION_MAX_PER_SEAT, CONTRIBUTION_MIN_PER_SEAT, describeContribution, formatDollars } from "#app/modules/payments";
import { payContribution, showContribution } from "#app/modules/reservations/index.server";
import type { Route } from "./+types/contribution";
import { guestReservationFacts } from "./guest-reservation-facts";

/**
 * A guest's contribution link (the confirmation e-mail, the reminder, the page after reserving):
 * opening it only shows where the contribution stands; pressing Pay posts back here, and the server
 * opens Stripe's hosted checkout for the amount it computes (issue 37, docs/decisions/066).
 */
export const headers: Route.HeadersFunction = (args) => ({ ...passRetryAfter(args), "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Your contribution", description: `Your contribution to a ${siteConfig.brand.name} gathering.`, noIndex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const view = await showContribution(context.db, token, context.now());
  if (!view.ok) return data({ token, problem: view.message, guest: null }, { status: view.reason === "invalid" ? 404 : 200 });
  return {
    token,
    problem: null,
    guest: {
      ...guestReservationFacts(view.reservation, view.event),
      perSeatDollars: view.perSeatDollars,
      contribution: view.contribution,
      statusText: describeContribution(view.contribution),
      payOnline: context.payments !== null,
      fixedLink: context.env.CONTRIBUTION_URL,
    },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  // The page's form carries the token; the button after reserving posts to the link itself.
  const token = form.token ?? new URL(request.url).searchParams.get("token") ?? "";
  const outcome = await payContribution(context.db, context.payments, {
    token,
    perSeat: form.perSeat,
    client: { key: context.clientKey, rateLimitMultiplier: context.env.RATE_LIMIT_MULTIPLIER },
    publicUrl: context.env.PUBLIC_URL,
    now: context.now(),
  });
  // Stripe's hosted page: a full navigation away (the form posts without JavaScript, as a document).
  if (outcome.ok) return redirect(outcome.checkoutUrl, 303);
  if (outcome.reason === "too-many-attempts") return data({ error: outcome.message, perSeat: form.perSeat ?? "" }, tooManyAttemptsInit(outcome.retryAfterSeconds));
  const status = outcome.reason === "bad-amount" ? 400 : outcome.reason === "could-not-start" ? 503 : outcome.reason === "already-paid" ? 409 : outcome.reason === "not-configured" ? 404 : 410;
  return data({ error: outcome.message, perSeat: form.perSeat ?? "" }, { status });
}

export default function Contribution({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { guest } = loaderData;
  if (!guest) return <GuestLinkProblem eyebrow="Contribution" title="This link no longer works" problem={loaderData.problem} />;
  const busy = navigation.state !== "idle";
  const { contribution } = guest;
  const intro = (
    <>
      {guest.name}, you have {guest.seats === 1 ? "1 seat" : `${guest.seats} seats`} at <strong className="text-ivory">{guest.eventTitle}</strong> on {guest.dateLabel} at{" "}
      {guest.timeLabel}.
    </>
  );
  if (contribution.kind === "pending") {
    return (
      <AuthCard eyebrow="Contribution" title="Your payment is on its way" intro={intro}>
        <div role="status">
          <FormBanner tone="success">Stripe is still confirming your payment of {formatDollars(contribution.expectedCents)}. We e-mail you a receipt as soon as it is through.</FormBanner>
        </div>
        <BackToEventLink slug={guest.eventSlug} />
      </AuthCard>
    );
  }
  if (contribution.kind === "paid" || contribution.kind === "refunded") {
    return (
      <AuthCard eyebrow="Contribution" title={contribution.kind === "paid" ? "Thank you for your contribution" : "Your contribution was refunded"} intro={intro}>
        <div role="status">
          <FormBanner tone="success">{guest.statusText}.</FormBanner>
        </div>
        <BackToEventLink slug={guest.eventSlug} />
      </AuthCard>
    );
  }
  const amount = contributionLabel(guest.perSeatDollars * 100 * guest.seats, guest.seats);
  if (!guest.payOnline) {
    return (
      <AuthCard eyebrow="Contribution" title="Your contribution" intro={intro}>
        <p className="text-sand">
          The suggested contribution is {formatDollars(CONTRIBUTION_MIN_PER_SEAT * 100)} to {formatDollars(CONTRIBUTION_MAX_PER_SEAT * 100)} per seat; you chose {amount}.
        </p>
        <p className="mt-6">
          <a href={guest.fixedLink} className="button-primary w-full" rel="noopener">
            Pay my contribution
          </a>
        </p>
        <BackToEventLink slug={guest.eventSlug} />
      </AuthCard>
    );
  }
  return (
    <AuthCard eyebrow="Contribution" title="Pay your contribution" intro={intro}>
      {actionData?.error ? <FormBanner tone="error">{actionData.error}</FormBanner> : null}
      {/* A document post: the answer is a redirect to Stripe's page, which only a full navigation can follow. */}
      <form method="post" className="mt-4 space-y-5">
        <input type="hidden" name="token" value={loaderData.token} />
        <TextField
          id="contribution-per-seat"
          name="perSeat"
          label={contributionMessages.label}
          hint={`Times ${guest.seats === 1 ? "1 seat" : `${guest.seats} seats`}: ${amount} with the amount shown. Paid securely on Stripe’s page.`}
          type="number"
          inputMode="numeric"
          min={CONTRIBUTION_MIN_PER_SEAT}
          max={CONTRIBUTION_MAX_PER_SEAT}
          step={1}
          required
          defaultValue={actionData?.perSeat || String(guest.perSeatDollars)}
          error={actionData?.error === contributionMessages.perSeat ? actionData.error : undefined}
        />
        <button type="submit" className="button-primary w-full" disabled={busy}>
          Pay my contribution
        </button>
      </form>
      <BackToEventLink slug={guest.eventSlug} />
    </AuthCard>
  );
}

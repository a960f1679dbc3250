import { GuestLinkDone } from "#app/components/events/guest-link-card";
import { pageMeta } from "#app/lib/seo";
import { siteConfig } from "#app/lib/site-config";
import { formatDollars } from "#app/modules/payments";
import { confirmCheckoutReturn } from "#app/modules/payments/index.server";
import { findEvent } from "#app/modules/events/index.server";
import type { Route } from "./+types/contribution-done";

/**
 * Where Stripe's checkout sends the guest back. The page asks Stripe about the session before it
 * says "paid" (the webhook may be late or lost), and applies what Stripe says, as the webhook would.
 */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Your contribution", description: `Your contribution to a ${siteConfig.brand.name} gathering.`, noIndex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  const sessionId = new URL(request.url).searchParams.get("session_id") ?? "";
  const { state, payment } = await confirmCheckoutReturn(context.db, context.payments, sessionId, context.wake.outbox, context.now());
  const event = payment?.eventId ? await findEvent(context.db, { eventId: payment.eventId }) : undefined;
  return { state, amount: payment ? formatDollars(payment.amountCents) : null, eventTitle: event?.title ?? null, eventSlug: event?.slug ?? null };
}

export default function ContributionDone({ loaderData }: Route.ComponentProps) {
  const { state, amount, eventTitle, eventSlug } = loaderData;
  const title = state === "paid" ? "Thank you for your contribution" : state === "processing" ? "Your payment is on its way" : "Your contribution";
  const message =
    state === "paid"
      ? `Your contribution of ${amount}${eventTitle ? ` for ${eventTitle}` : ""} is paid. A receipt is on its way by e-mail.`
      : state === "processing"
        ? `Stripe is still confirming your payment of ${amount}. We e-mail you a receipt as soon as it is through; nothing more to do.`
        : state === "open"
          ? "The payment was not completed, and nothing was charged. You can pay any time from the link in your confirmation e-mail."
          : "We could not find this payment. If you paid, a receipt reaches you by e-mail; otherwise the link in your confirmation e-mail lets you pay.";
  return <GuestLinkDone eyebrow="Contribution" title={title} message={message} slug={eventSlug} tone={state === "unknown" ? "error" : "success"} />;
}

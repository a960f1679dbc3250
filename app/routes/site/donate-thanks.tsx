import { GuestLinkDone } from "#app/components/events/guest-link-card";
import { pageMeta } from "#app/lib/seo";
import { siteConfig } from "#app/lib/site-config";
import { formatDollars } from "#app/modules/payments";
import { confirmCheckoutReturn } from "#app/modules/payments/index.server";
import type { Route } from "./+types/donate-thanks";

/** Where Stripe sends a donor back: it asks Stripe before it says the gift is received (the webhook may be late). */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Thank you", description: `Your gift to ${siteConfig.brand.name}.`, noIndex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  const sessionId = new URL(request.url).searchParams.get("session_id") ?? "";
  const { state, payment } = await confirmCheckoutReturn(context.db, context.payments, sessionId, context.wake.outbox, context.now());
  // Only gifts are answered here; a contribution's session has its own page.
  const gift = payment?.purpose === "gift" ? payment : null;
  return { state: gift ? state : "unknown", amount: gift ? formatDollars(gift.amountCents) : null };
}

export default function DonateThanks({ loaderData }: Route.ComponentProps) {
  const { state, amount } = loaderData;
  const message =
    state === "paid"
      ? `Your gift of ${amount} is received. A receipt is on its way by e-mail.`
      : state === "processing"
        ? `Stripe is still confirming your gift of ${amount}. We e-mail you a receipt as soon as it is through.`
        : state === "open"
          ? "The payment was not completed, and nothing was charged."
          : "We could not find this gift. If you paid, a receipt reaches you by e-mail.";
  return <GuestLinkDone eyebrow="Donate" title={state === "paid" || state === "processing" ? "Thank you" : "Your gift"} message={message} slug={null} tone={state === "unknown" ? "error" : "success"} />;
}

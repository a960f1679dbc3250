import type { Env } from "#app/lib/env.server";
import { STRIPE_WEBHOOK_EVENTS } from "#app/modules/payments/index.server";
import type { StatusCheck } from "./system-status.server";

/** The settings the contributions' check reads: never a key's value, only whether it is set. */
export type PaymentsStatusSettings = Pick<Env, "PUBLIC_URL" | "CONTRIBUTION_URL" | "CONTRIBUTION_REFUND_POLICY" | "CONTRIBUTION_REFUND_HOURS" | "STRIPE_API_BASE">;

/** Where Stripe sends its events: what to enter as the endpoint's URL in Stripe's dashboard. */
export const STRIPE_WEBHOOK_PATH = "/api/payments/stripe";

/** The events the endpoint applies, to select when adding it in Stripe's dashboard: the payments module's own list. */
export { STRIPE_WEBHOOK_EVENTS };

/** A guest's own cancellation and their contribution, in the settings' words. */
function refundPolicyText(settings: PaymentsStatusSettings): string {
  switch (settings.CONTRIBUTION_REFUND_POLICY) {
    case "always":
      return "Refunded whenever a guest cancels (CONTRIBUTION_REFUND_POLICY=always)";
    case "never":
      return "Kept when a guest cancels; staff may still refund by hand (CONTRIBUTION_REFUND_POLICY=never)";
    case "before-cutoff":
      return `Refunded when a guest cancels at least ${settings.CONTRIBUTION_REFUND_HOURS} hours before the event, kept after that (CONTRIBUTION_REFUND_POLICY=before-cutoff, CONTRIBUTION_REFUND_HOURS=${settings.CONTRIBUTION_REFUND_HOURS})`;
  }
}

/**
 * The contributions' check (issue 37): whether guests pay through Stripe, in test or live mode
 * (`mode` is the running gateway's, absent without Stripe), what to enter in Stripe's dashboard, and
 * the refund rule; without Stripe, the fixed link every confirmation gives. Keys never appear.
 */
export function paymentsStatus(settings: PaymentsStatusSettings, mode: "test" | "live" | undefined): StatusCheck {
  const setUp = [
    { label: "Webhook URL (enter in Stripe's dashboard)", value: `${settings.PUBLIC_URL}${STRIPE_WEBHOOK_PATH}` },
    { label: "Events to send", value: STRIPE_WEBHOOK_EVENTS.join(", ") },
    { label: "Refund on a guest's cancellation", value: refundPolicyText(settings) },
  ];
  if (!mode) {
    return {
      id: "payments",
      title: "Contributions",
      state: "not-configured",
      summary: `Stripe is not configured: guests pay their contribution through the fixed link (CONTRIBUTION_URL), and staff record payments by hand`,
      details: [
        { label: "Contribution link (CONTRIBUTION_URL)", value: settings.CONTRIBUTION_URL },
        { label: "To take payments online", value: "Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, then restart" },
        ...setUp,
      ],
    };
  }
  return {
    id: "payments",
    title: "Contributions",
    state: "ok",
    summary:
      mode === "test"
        ? "Stripe configured in test mode: checkouts take Stripe's test cards, and no real money moves"
        : "Stripe configured in live mode: guests pay their contributions online",
    details: [
      { label: "Mode", value: mode === "test" ? "Test (a test key)" : "Live" },
      ...setUp,
      // Tests only: a server whose Stripe calls go anywhere but Stripe takes no real payment.
      ...(settings.STRIPE_API_BASE ? [{ label: "Stripe API (tests only)", value: new URL(settings.STRIPE_API_BASE).origin }] : []),
    ],
  };
}

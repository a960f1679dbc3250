// The module's front door for server code (docs/decisions/066): what other modules, routes and the composition root may use.
// Applying what the provider says of a Checkout Session (webhook, success page, reconciliation).
export { applyCheckoutSession } from "./apply-session.server";
// Opening a checkout for a reservation's contribution; the success page's check; the reconciliation pass.
export { checkoutAttemptLimit, type CheckoutOutcome, confirmCheckoutReturn, type GiftCheckoutOutcome, startGiftCheckout, type ContributionFor, reconcilePendingPayments, RECONCILE_AFTER_MINUTES, type ReturnState, startContributionCheckout } from "./checkout.server";
// Each reservation's contribution and each event's totals, for the guest list, the door, the dashboard and the e-mails.
export { contributionStates, contributionTotals, type ContributionTotals, type EventPaymentTotals, type GuestContribution, paymentTotalsByEvent } from "./contribution-states.server";
// The payments' every-minute job.
export { paymentJobs } from "./jobs.server";
// Stripe behind one interface, and its settings from the environment.
export { createStripeGateway, GatewayError, type PaymentGateway, STRIPE_CHECKOUT_ORIGIN, stripeSettingsFrom, type StripeSettings } from "./payment-gateway.server";
// The thank-you e-mail's renderer.
export { contributionReceiptRenderer } from "./receipt-email.server";
// The webhook.
export { receiveStripeWebhook, STRIPE_WEBHOOK_EVENTS, WEBHOOK_BODY_LIMIT_BYTES, type WebhookOutcome } from "./receive-webhook.server";
// Refunds: on a guest's cancellation (in its transaction), and the refund pass.
export { type CancellationRefund, processDueRefunds, refundsForCancellation } from "./refunds.server";
// Staff: a payment recorded by hand, a refund.
export { readDollarAmount, recordManualPayment, refundContribution, staffPaymentMessages, type StaffPaymentOutcome } from "./staff-payments.server";

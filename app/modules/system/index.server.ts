// The module's front door for server code: what other modules, routes and components may use. Everything else is private to the module (docs/decisions/049).
// The setup page's checks.
export { type CheckState, gatherSystemStatus, type StatusCheck, type StatusSources } from "./system-status.server";
// The contributions' check: Stripe's mode, what to enter in its dashboard, the refund rule.
export { paymentsStatus, STRIPE_WEBHOOK_EVENTS, STRIPE_WEBHOOK_PATH } from "./payments-status.server";

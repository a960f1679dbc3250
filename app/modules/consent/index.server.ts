// The module's front door for server code: what other modules, routes and components may use. Everything else is private to the module (docs/decisions/049).
// Recording a form's consent rows, in the caller's transaction.
export { allGranted, recordConsents } from "./record-consents.server";
// Unsubscribing and re-subscribing: by link token, or by address in a transaction.
export { findUnsubscribeTarget, isUnsubscribed, resubscribe, resubscribeAddress, unsubscribe, unsubscribeAddress } from "./unsubscribe.server";

// The module's front door for server code: what other modules, routes and components may use. Everything else is private to the module (docs/decisions/049).
export { allGranted, recordConsents } from "./record-consents.server";
export { findUnsubscribeTokenTarget, isUnsubscribed, resubscribeAddress, unsubscribeAddress, unsubscribedAmong, type UnsubscribeSource, type UnsubscribeTarget } from "./unsubscribe.server";

// The module's front door for server code: what other modules, routes and components may use. Everything else is private to the module (docs/decisions/049).
// Recording a form's consent rows, in the caller's transaction.
export { allGranted, recordConsents } from "./record-consents.server";
// Unsubscribing and re-subscribing by address (in a transaction), a link token's target, who among many is unsubscribed.
export { findUnsubscribeTokenTarget, isUnsubscribed, resubscribeAddress, unsubscribeAddress, unsubscribedAmong, type UnsubscribeSource, type UnsubscribeTarget } from "./unsubscribe.server";
// For the declared bulk loaders (the legacy import, the demo seed; docs/decisions/063): batch writers and reads.
export { bulkInsertConsents, type ConsentBulkRow, listOptedOutAddresses } from "./bulk-load.server";

// The module's front door for server code: what other modules, routes and components may use. Everything else is private to the module (docs/decisions/049).
export { allGranted, recordConsents } from "./record-consents.server";
export { findUnsubscribeTarget, isUnsubscribed, resubscribe, resubscribeAddress, unsubscribe, unsubscribeAddress } from "./unsubscribe.server";
export { bulkInsertConsents, type ConsentBulkRow, listOptedOutAddresses } from "./bulk-load.server";

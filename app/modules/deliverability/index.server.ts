// The module's front door for server code: what other modules, routes and components may use. Everything else is private to the module (docs/decisions/049).
// Polling the bounce mailbox: one pass, the in-process poller, and its thread's settings.
export { pollBounceMailbox, startBounceMailboxPoller } from "./bounce-mailbox.server";
export type { BouncePollerThreadSettings } from "./bounce-poller-thread.server";
// What the setup and deliverability pages say of bounce handling and DKIM.
export { bounceDetection, bounceSettingsToSet, bounceStatus, dkimStatus } from "./deliverability-status.server";
// What the composition root hands to messaging: VERP sender, DKIM, the suppression gate.
export { deliverabilityParts } from "./deliverability.server";
// DKIM keys and their DNS record.
export { dkimDnsRecord, generateDkimKeyPair } from "./dkim.server";
// Providers' bounce and complaint webhooks.
export { receiveMailEvent } from "./mail-events.server";
// A member's address: has it bounced, and trying it again.
export { memberMailStatus, retryMemberAddress } from "./member-mail-status.server";
// Staff: the suppression list, its CSV, removing an address.
export { exportSuppressions, removeSuppression, suppressionList } from "./staff-suppressions.server";
// Whether an address is suppressed, and why, in words.
export { hasHardBounced, suppressionReasonsOf, suppressionReasonWords } from "./suppressions.server";

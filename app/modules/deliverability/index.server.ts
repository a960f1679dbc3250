// The module's front door for server code: what other modules, routes and components may use. Everything else is private to the module (docs/decisions/049).
export { pollBounceMailbox, startBounceMailboxPoller } from "./bounce-mailbox.server";
export type { BouncePollerThreadSettings } from "./bounce-poller-thread.server";
export { bounceDetection, bounceSettingsToSet, bounceStatus, dkimStatus } from "./deliverability-status.server";
export { deliverabilityParts } from "./deliverability.server";
export { dkimDnsRecord, generateDkimKeyPair } from "./dkim.server";
export { receiveMailEvent } from "./mail-events.server";
export { memberMailStatus, retryMemberAddress } from "./member-mail-status.server";
export { exportSuppressions, removeSuppression, suppressionList } from "./staff-suppressions.server";
export { hasHardBounced, suppressionReasonsOf, suppressionReasonWords } from "./suppressions.server";

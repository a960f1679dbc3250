// The module's front door for server code: what other modules, routes and components may use. Everything else is private to the module (docs/decisions/049).
// The texts' own sender with its every-minute sweep.
export { smsJobs } from "./jobs.server";
// The newest texts, for the dev mailbox's Texts tab.
export { listTexts } from "./list-texts.server";
// A member's own texts consent (the profile).
export { getMemberTextConsent, setMemberTextConsent, type SetMemberTextConsentOutcome } from "./member-text-consent.server";
// Queueing a text (the one way in).
export { queueText, queueTextIn } from "./queue-text.server";
// Staff: a single text.
export { sendTextToNumber } from "./send-text-to-number.server";
// Who gave SMS consent.
export { communityTextRecipients, hasSmsConsent, loadSmsConsent, type SmsConsent, type TextRecipient } from "./sms-consent.server";
// The Twilio transport.
export { createSmsTransport, twilioSettingsFrom } from "./sms-transport.server";
// Waking the texts' sender (the composition root makes the wake; scripts and tests pass noTextWake).
export { noTextWake, type TextWake } from "./text-wake.server";
// Whether a number may be texted, or why not.
export { numberRefusals, textEligibility, type TextEligibility, type TextRules } from "./text-eligibility.server";
// Twilio's webhooks: incoming texts, delivery reports, signatures.
export { handleInboundText, isSignedByTwilio, recordDeliveryStatus } from "./twilio-webhooks.server";

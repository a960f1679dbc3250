// The module's front door for server code: what other modules, routes and components may use. Everything else is private to the module (docs/decisions/049).
export { smsJobs } from "./jobs.server";
export { listTexts } from "./list-texts.server";
export { getMemberTextConsent, setMemberTextConsent, type SetMemberTextConsentOutcome } from "./member-text-consent.server";
export { queueText, queueTextIn } from "./queue-text.server";
export { sendTextToNumber } from "./send-text-to-number.server";
export { communityTextRecipients, hasSmsConsent, loadSmsConsent, type SmsConsent, type TextRecipient } from "./sms-consent.server";
export { createSmsTransport, twilioSettingsFrom } from "./sms-transport.server";
export { registerSmsWake, wakeTexts } from "./sms-wake.server";
export { numberRefusals, textEligibility, type TextEligibility, type TextRules } from "./text-eligibility.server";
export { handleInboundText, isSignedByTwilio, recordDeliveryStatus } from "./twilio-webhooks.server";

// The module's front door for code that may also run in the browser: what other modules, routes and components may use. Everything else is private to the module (docs/decisions/049).
export { type MemberTextConsent, memberTextMessages, memberTextState } from "./member-text-words";
export { formatVenueTime, isWithinSendingHours, nextSendingTime } from "./quiet-hours";
export { type SmsAudience, smsCampaignLabels, smsCampaigns, smsGroupFormSchema } from "./sms-form";
export { countSmsSegments } from "./sms-segments";
export { isCountryAllowed, type NumberRefusal, personaliseSms, phoneForTextsProblem, SMS_MAX_CHARACTERS, SMS_MONTHLY_LIMIT, smsMessages, smsMonthOf, type TextRefusal, textRefusalWords, toE164 } from "./sms-texts";

// The module's front door for code that may also run in the browser: what other modules, routes and components may use. Everything else is private to the module (docs/decisions/049).
// The profile's texts consent: state and words.
export { type MemberTextConsent, memberTextMessages, memberTextState } from "./member-text-words";
// Quiet hours.
export { formatVenueTime, isWithinSendingHours, nextSendingTime } from "./quiet-hours";
// The group text form.
export { type SmsAudience, smsCampaignLabels, smsCampaigns, smsGroupFormSchema } from "./sms-form";
// What a text costs, in segments.
export { countSmsSegments } from "./sms-segments";
// Numbers, countries, the monthly limit, personalising, refusal words.
export { isCountryAllowed, type NumberRefusal, personaliseSms, phoneForTextsProblem, SMS_MAX_CHARACTERS, SMS_MONTHLY_LIMIT, smsMessages, smsMonthOf, type TextRefusal, textRefusalWords, toE164 } from "./sms-texts";

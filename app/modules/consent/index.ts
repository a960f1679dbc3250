// The module's front door for code that may also run in the browser: what other modules, routes and components may use. Everything else is private to the module (docs/decisions/049).
// The consent words each form shows, their versions, and the purposes a form grants.
export { communityConsentWords, type ConsentPurpose, type ConsentSource, consentVersionOf, consentWordings, consentWordsAt, emailPreferenceLabels, joiningEmailWords, purposesGrantedBy, smsConsentWords, termsConsentWords } from "./consent-texts";

// The module's front door for code that may also run in the browser: what other modules, routes and components may use. Everything else is private to the module (docs/decisions/049).
export { communityConsentWords, CONSENT_TEXT_VERSION, consentTexts, emailPreferenceLabels, purposesGrantedBy, smsConsentWords } from "./consent-texts";

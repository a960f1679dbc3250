// The module's front door for code that may also run in the browser: what other modules, routes and components may use. Everything else is private to the module (docs/decisions/049).
// Control characters and NUL: checks, clean-up, words.
export { fieldHoldingNul, formFieldHoldingNul, hasControlCharacters, nulCharacterMessage, oneLine, severalLines, unusualCharactersMessage, withoutControlCharacters } from "./control-characters";
// The normalised address.
export { normaliseAddress } from "./normalise-address";
// The 'Too many attempts' refusal.
export { tooManyAttempts, tooManyAttemptsRefusal, type TooManyAttemptsRefusal } from "./too-many-attempts";

// The module's front door for code that may also run in the browser: what other modules, routes and components may use. Everything else is private to the module (docs/decisions/049).
export { fieldHoldingNul, formFieldHoldingNul, hasControlCharacters, nulCharacterMessage, oneLine, severalLines, unusualCharactersMessage, withoutControlCharacters } from "./control-characters";
export { normaliseAddress } from "./normalise-address";
export { tooManyAttempts, tooManyAttemptsRefusal, type TooManyAttemptsRefusal } from "./too-many-attempts";

// The module's front door for code that may also run in the browser: what other modules, routes and components may use. Everything else is private to the module (docs/decisions/049).
// The pages' texts.
export { deliverabilityMessages } from "./deliverability-messages";
// The VERP token of a message.
export { messageToken } from "./verp";

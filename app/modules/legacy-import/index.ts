// The module's front door for code that may also run in the browser: what other modules, routes and components may use. Everything else is private to the module (docs/decisions/049).
// A run's summary.
export { type ImportRunSummary } from "./legacy-report";

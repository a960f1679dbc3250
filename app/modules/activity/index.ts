// The module's front door for code that may also run in the browser: what other modules, routes and components may use. Everything else is private to the module (docs/decisions/049).
// The kinds of entry, their labels, and the fields an edit changed.
export { type ActivityKind, activityKindLabel, activityKinds, changedFields, isActivityKind } from "./activity-kinds";
// How the page says an entry, in words.
export { describeChanges } from "./describe-changes";

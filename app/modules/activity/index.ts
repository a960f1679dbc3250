// The module's front door for code that may also run in the browser: what other modules, routes and components may use. Everything else is private to the module (docs/decisions/049).
export { type ActivityKind, activityKindLabel, activityKinds, changedFields, isActivityKind } from "./activity-kinds";
export { describeChanges } from "./describe-changes";

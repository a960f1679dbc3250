// The module's front door for server code: what other modules, routes and components may use. Everything else is private to the module (docs/decisions/049).
export { exportList } from "./export-list.server";
export { readActivityLog } from "./list-activity.server";
export { type CommandActor, recordActivity, type StaffActor } from "./record-activity.server";

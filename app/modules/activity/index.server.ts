// The module's front door for server code: what other modules, routes and components may use. Everything else is private to the module (docs/decisions/049).
// A whole staff list as CSV, logged in the transaction that read it.
export { exportList } from "./export-list.server";
// The activity page's log (asks view-activity).
export { readActivityLog } from "./list-activity.server";
// Writing an entry, in the transaction of the change it records.
export { type CommandActor, recordActivity, type StaffActor } from "./record-activity.server";

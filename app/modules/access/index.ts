// The module's front door for code that may also run in the browser: what other modules, routes and components may use. Everything else is private to the module (docs/decisions/049).
// The one policy: `can`, the actions, who acts on what, and where each role's staff work starts.
export { type Action, type Actor, can, type EventStatus, notAllowed, type Resource, staffHomePath, type StaffMember } from "./policy";
// Roles, computed from the e-mail lists at each sign-in.
export { type Role, roleForEmail } from "./roles";

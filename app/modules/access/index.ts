// The module's front door for code that may also run in the browser: what other modules, routes and components may use. Everything else is private to the module (docs/decisions/049).
export { type Action, type Actor, can, type EventStatus, notAllowed, type Resource, staffHomePath, type StaffMember } from "./policy";
export { type Role, roleForEmail } from "./roles";

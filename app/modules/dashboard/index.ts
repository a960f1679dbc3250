// The module's front door for code that may also run in the browser: what other modules, routes and components may use. Everything else is private to the module (docs/decisions/049).
// The dashboard's tabs.
export { dashboardList, type DashboardListKey, dashboardLists, isDashboardListKey } from "./dashboard-lists";

// The module's front door for server code: what other modules, routes and components may use. Everything else is private to the module (docs/decisions/049).
export { type DashboardListPage, exportDashboardList } from "./dashboard-lists.server";
export { readDashboard } from "./read-dashboard.server";
export { landingPathAfterSignIn } from "./landing-path.server";

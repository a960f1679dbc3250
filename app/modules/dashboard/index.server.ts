// The module's front door for server code: what other modules, routes and components may use. Everything else is private to the module (docs/decisions/049).
// One page of a dashboard list, and its logged exports.
export { type DashboardListPage, exportDashboardList } from "./dashboard-lists.server";
// The dashboard's read (asks open-dashboard).
export { readDashboard } from "./read-dashboard.server";
// Where a sign-in that names no page lands.
export { landingPathAfterSignIn } from "./landing-path.server";

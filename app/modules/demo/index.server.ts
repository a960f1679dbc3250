// The module's front door for server code: what other modules, routes and components may use. Everything else is private to the module (docs/decisions/049).
export { listDemoInvitations } from "./list-demo-invitations.server";
export { describeDemoInvitations, type DemoSeedOutcome, seedDemoContent } from "./seed-demo-content.server";
export { demoContentSummary, type DemoContentSummary, describeDemoContent, removeDemoContent, removeDemoContentIn } from "./demo-content.server";

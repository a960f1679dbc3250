// The module's front door for server code: what other modules, routes and components may use. Everything else is private to the module (docs/decisions/049).
// The demo invitations' links, for admins.
export { listDemoInvitations } from "./list-demo-invitations.server";
// Seeding the demo content.
export { describeDemoInvitations, type DemoSeedOutcome, seedDemoContent } from "./seed-demo-content.server";
// What the demo holds, and removing it (admins, or in the import's transaction).
export { demoContentSummary, type DemoContentSummary, describeDemoContent, removeDemoContent, removeDemoContentIn } from "./demo-content.server";
// The demo's event factory, for tests and benches that build an event of their own.
export { buildEvent, type EventDraft, venueTime } from "./factories/events";

// The module's front door for server code: what other modules, routes and components may use. Everything else is private to the module (docs/decisions/049).
// The applied runs, for /admin/setup.
export { listImportRuns } from "./import-legacy.server";
// The whole command (npm run import:legacy).
export { runLegacyImportCommand } from "./legacy-import-command.server";

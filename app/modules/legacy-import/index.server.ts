// The module's front door for server code: what other modules, routes and components may use. Everything else is private to the module (docs/decisions/049).
export { listImportRuns } from "./import-legacy.server";
export { runLegacyImportCommand } from "./legacy-import-command.server";

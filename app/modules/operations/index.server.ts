// The module's front door for server code: what other modules, routes and components may use. Everything else is private to the module (docs/decisions/049).
export { BackupRefusedError, NotABackupError } from "./backup-file.server";
export { pgliteFolder, type RestoreOutcome, restoreEmbedded, restorePostgres, takeBackup } from "./database-backup.server";
export { observeRequest } from "./metrics.server";
export { tightenPrivateFiles } from "./private-folders.server";
export { type Operations, type OperationsStatus, startOperations } from "./start-operations.server";

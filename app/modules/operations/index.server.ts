// The module's front door for server code: what other modules, routes and components may use. Everything else is private to the module (docs/decisions/049).
// Why a file is not a backup, or is refused.
export { BackupRefusedError, NotABackupError } from "./backup-file.server";
// Taking and restoring backups.
export { pgliteFolder, type RestoreOutcome, restoreEmbedded, restorePostgres, takeBackup } from "./database-backup.server";
// Observing a request for /metrics.
export { observeRequest } from "./metrics.server";
// Tightening what an older install left loose.
export { tightenPrivateFiles } from "./private-folders.server";
// Starting this instance's operations: database gauges, scheduled backups, alerts.
export { type Operations, type OperationsStatus, startOperations } from "./start-operations.server";
// For bench:backup, which times each step alone: reading a backup file, packing and unpacking the uploads.
export { readBackupFile } from "./backup-file.server";
export { packUploads, unpackUploads } from "./uploads-archive.server";

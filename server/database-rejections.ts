import { isDatabaseUnavailableError } from "#app/lib/database-errors.server";
import { logFailure } from "#app/lib/log.server";

/**
 * Handler for the process's 'unhandledRejection' event. Some libraries drop promises that talk to
 * the database: pg-boss 10's worker neither awaits nor catches marking a job completed or failed,
 * so the database going away just as a job finishes would end the whole server. Those rejections
 * are logged (the job is picked up again when its lease expires); any other unhandled rejection
 * still ends the process, as it would without this handler.
 */
export function handleUnhandledRejection(reason: unknown): void {
  if (!isDatabaseUnavailableError(reason)) throw reason;
  logFailure("db", "a background database call", reason);
}

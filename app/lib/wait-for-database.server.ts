import { isDatabaseUnavailableError } from "./database-errors.server";
import type { DatabaseHandle } from "./db.server";
import { log } from "./log.server";

export class DatabaseUnreachableError extends Error {
  constructor(location: string, timeoutSeconds: number, reason: string) {
    super(
      `Could not reach PostgreSQL at ${location} ${timeoutSeconds > 0 ? `within ${timeoutSeconds} s` : "(DATABASE_STARTUP_TIMEOUT_SECONDS is 0)"}: ${reason}. ` +
        "Start the database or correct DATABASE_URL; DATABASE_STARTUP_TIMEOUT_SECONDS sets how long to wait for it.",
    );
    this.name = "DatabaseUnreachableError";
  }
}

export interface WaitForDatabaseOptions {
  /** How long to keep trying; 0 fails at the first refusal. */
  timeoutSeconds: number;
}

/** Pauses between attempts: quick at first (a database that is just starting), then every 5 s. */
const DELAYS_MS = [500, 1_000, 2_000, 4_000, 5_000];

/**
 * Waits until the database answers, so that a server and its database may start in any order
 * (a container platform starts them together). Only "cannot reach it" is waited for: a wrong
 * password or a missing database fails at once, since waiting would not change it.
 */
export async function waitForDatabase(handle: DatabaseHandle, options: WaitForDatabaseOptions): Promise<void> {
  const deadline = Date.now() + options.timeoutSeconds * 1000;
  for (let attempt = 1; ; attempt++) {
    try {
      await handle.executeSql("SELECT 1");
      if (attempt > 1) log("info", "db", `reached ${handle.location} after ${attempt} attempts`);
      return;
    } catch (error) {
      if (!isDatabaseUnavailableError(error)) throw error;
      // "localhost" with two addresses fails with an AggregateError whose message is empty.
      const reason = error instanceof Error ? error.message || String((error as { code?: unknown }).code ?? error) : String(error);
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new DatabaseUnreachableError(handle.location, options.timeoutSeconds, reason);
      const delay = Math.min(DELAYS_MS[Math.min(attempt - 1, DELAYS_MS.length - 1)]!, remaining);
      log(
        "warn",
        "db",
        `${handle.location} is not reachable (${reason}); attempt ${attempt}, trying again in ${(delay / 1000).toFixed(1)} s, ` +
          `giving up in ${Math.ceil(remaining / 1000)} s`,
      );
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

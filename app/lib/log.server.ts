import { isDatabaseUnavailableError } from "./database-errors.server";

/**
 * The server's log lines: `[scope] message` for people, or one JSON object per line (level, time,
 * message, scope) with LOG_FORMAT=json for log collectors. Failures while the database is down are
 * summarised per burst, because an outage fails every query and a trace for each (thousands in a
 * few seconds) buries everything else.
 */
export type LogLevel = "info" | "warn" | "error";
export type LogFormat = "text" | "json";

let format: LogFormat = "text";

/** Set once at start-up from LOG_FORMAT. */
export function setLogFormat(next: LogFormat): void {
  format = next;
}

export function log(level: LogLevel, scope: string, message: string): void {
  const line =
    format === "json"
      ? JSON.stringify({ level, time: new Date().toISOString(), scope, message })
      : `[${scope}] ${message}`;
  if (level === "info") console.log(line);
  else console.error(line);
}

/** How long identical "database unavailable" failures are counted instead of logged. */
const BURST_MS = 10_000;

const bursts = new Map<string, { repeats: number; timer: NodeJS.Timeout }>();

/**
 * Logs that `what` failed. While the database is unreachable, the first failure of a burst is one
 * line with the reason, repeats in the next 10 s are counted and reported as one line; any other
 * error (a bug) is logged whole, with its stack, every time.
 */
export function logFailure(scope: string, what: string, error: unknown): void {
  if (!isDatabaseUnavailableError(error)) {
    log("error", scope, `${what} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return;
  }
  const reason = innermostMessage(error);
  const key = `${scope}\n${what}\n${reason}`;
  const burst = bursts.get(key);
  if (burst) {
    burst.repeats += 1;
    return;
  }
  log("error", scope, `${what} failed: the database is unavailable (${reason})`);
  const timer = setTimeout(() => {
    const ended = bursts.get(key);
    bursts.delete(key);
    if (ended && ended.repeats > 0) {
      log("error", scope, `${what} failed ${ended.repeats} more times in ${BURST_MS / 1000} s: the database is unavailable (${reason})`);
    }
  }, BURST_MS);
  // A pending summary must not keep a stopping process alive.
  timer.unref();
  bursts.set(key, { repeats: 0, timer });
}

/** drizzle wraps the driver's error ("Failed query: <the whole SQL>"); the driver's own message says why. */
function innermostMessage(error: unknown): string {
  let current = error;
  while (current instanceof Error && current.cause instanceof Error) current = current.cause;
  if (!(current instanceof Error)) return String(current);
  // A host name with several addresses fails with an AggregateError that has no message, only a code.
  return current.message || String((current as { code?: unknown }).code ?? current.name);
}

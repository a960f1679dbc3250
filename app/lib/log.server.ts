import { AsyncLocalStorage } from "node:async_hooks";
import { isDatabaseUnavailableError } from "./database-errors.server";

/**
 * The server's log lines: `[scope] message` for people, or one JSON object per line (level, time,
 * message, scope, and the request id of the HTTP request being handled) with LOG_FORMAT=json for
 * log collectors. Failures while the database is down are summarised per burst, because an outage
 * fails every query and a trace for each (thousands in a few seconds) buries everything else.
 */
export type LogLevel = "info" | "warn" | "error";
export type LogFormat = "text" | "json";

let format: LogFormat = "text";

/** Set once at start-up from LOG_FORMAT. */
export function setLogFormat(next: LogFormat): void {
  format = next;
}

const requests = new AsyncLocalStorage<{ requestId: string }>();

/**
 * Runs `work` (the handling of one HTTP request, set by the server's first middleware) so that
 * every line logged meanwhile, however deep in the modules, carries `requestId` in JSON lines.
 */
export function withRequestId<T>(requestId: string, work: () => T): T {
  return requests.run({ requestId }, work);
}

/** The id of the HTTP request being handled, if any. */
export function currentRequestId(): string | undefined {
  return requests.getStore()?.requestId;
}

export function log(level: LogLevel, scope: string, message: string): void {
  const requestId = currentRequestId();
  const line =
    format === "json"
      ? JSON.stringify({ level, time: new Date().toISOString(), scope, message, ...(requestId ? { requestId } : {}) })
      : `[${scope}] ${message}`;
  if (level === "info") console.log(line);
  else console.error(line);
}

/** How long identical failures are counted instead of logged. */
const BURST_MS = 10_000;

const bursts = new Map<string, { repeats: number }>();

/**
 * Logs `line` unless the same `key` was logged in the last 10 s; repeats in that time are counted
 * and reported as one line (`repeated(count)`) when it ends. An outage (of the database, of the
 * mail server) fails everything at once, and a line for each failure buries everything else.
 */
export function logSummarised(level: LogLevel, scope: string, key: string, line: string, repeated: (count: number) => string): void {
  const burstKey = `${scope}\n${key}`;
  const burst = bursts.get(burstKey);
  if (burst) {
    burst.repeats += 1;
    return;
  }
  log(level, scope, line);
  // The summary counts many requests' failures: it is written outside the first one's request id.
  const timer = requests.exit(() =>
    setTimeout(() => {
      const ended = bursts.get(burstKey);
      bursts.delete(burstKey);
      if (ended && ended.repeats > 0) log(level, scope, repeated(ended.repeats));
    }, BURST_MS),
  );
  // A pending summary must not keep a stopping process alive.
  timer.unref();
  bursts.set(burstKey, { repeats: 0 });
}

/**
 * Logs that `what` failed. While the database is unreachable, the first failure of a burst is one
 * line with the reason, repeats in the next 10 s are counted and reported as one line; any other
 * error (a bug) is logged with its stack, every time, a failed query without its SQL or parameters.
 */
export function logFailure(scope: string, what: string, error: unknown): void {
  if (!isDatabaseUnavailableError(error)) {
    log("error", scope, `${what} failed: ${describeError(error)}`);
    return;
  }
  const reason = innermostMessage(error);
  logSummarised(
    "error",
    scope,
    `${what}\n${reason}`,
    `${what} failed: the database is unavailable (${reason})`,
    (count) => `${what} failed ${count} more times in ${BURST_MS / 1000} s: the database is unavailable (${reason})`,
  );
}

/**
 * An error for the log. drizzle's failed query carries the SQL and its parameters in its message
 * (and so in its stack): e-mail addresses, names, tokens. It is logged as the database's code and
 * reason (e.g. `22021 invalid byte sequence…`) and where it was thrown, never with its parameters.
 */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (!isFailedQuery(error)) return error.stack ?? error.message;
  const cause = error.cause instanceof Error ? (error.cause as Error & { code?: unknown }) : undefined;
  const code = typeof cause?.code === "string" ? ` ${cause.code}` : "";
  const frames = (error.stack ?? "").split("\n").filter((line) => /^\s+at /.test(line));
  return [`Failed query:${code} ${cause?.message ?? "no reason given"}`, ...frames].join("\n");
}

function isFailedQuery(error: Error): boolean {
  return "params" in error || error.message.startsWith("Failed query:");
}

/** drizzle wraps the driver's error ("Failed query: <the whole SQL>"); the driver's own message says why. */
function innermostMessage(error: unknown): string {
  let current = error;
  while (current instanceof Error && current.cause instanceof Error) current = current.cause;
  if (!(current instanceof Error)) return String(current);
  // A host name with several addresses fails with an AggregateError that has no message, only a code.
  return current.message || String((current as { code?: unknown }).code ?? current.name);
}

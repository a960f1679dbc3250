import { AsyncLocalStorage } from "node:async_hooks";
import { isDatabaseUnavailableError } from "./database-errors.server";

/**
 * The server's log lines: `[scope] message` for people, or one JSON object per line (level, time,
 * message, scope, and the request id of the HTTP request being handled) with LOG_FORMAT=json for
 * log collectors. Failures while the database is down are logged as one outage (its start, a summary
 * every 30 s, its end), because an outage fails every query and a trace for each (thousands in a few
 * seconds) buries everything else.
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
  const safe = redact(message);
  const line =
    format === "json"
      ? JSON.stringify({ level, time: new Date().toISOString(), scope, message: safe, ...(requestId ? { requestId } : {}) })
      : `[${scope}] ${safe}`;
  if (level === "info") console.log(line);
  else console.error(line);
}

const EMAIL_ADDRESS = /[^\s<>()"'`,;:@[\]]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g;
/** A URL's query (`?token=…&email=…`), up to whitespace or a closing quote or bracket. */
const QUERY_STRING = /((?:https?:\/\/|\/)[^\s?"'<>()]*)\?[^\s"'<>()]+/g;

/**
 * What no log line may carry (issue 27): an e-mail address (an SMTP reply, a driver's error quoting
 * a value) becomes `[address]`, a URL's query string (sign-in tokens, addresses in links) `?[query]`.
 * Modules log domains and ids, not addresses; this is the net under them.
 */
export function redact(message: string): string {
  return message.replace(EMAIL_ADDRESS, "[address]").replace(QUERY_STRING, "$1?[query]");
}

/**
 * One line per answered HTTP request, for log collectors: only with LOG_FORMAT=json (time, level,
 * message, request id, route, status, duration). The text format stays what a person reads (no
 * line per request). `route` is the route's pattern, never the URL: no query string, token or
 * e-mail address reaches the log this way.
 */
export function logRequest(request: { method: string; route: string; status: number; durationMs: number }): void {
  if (format !== "json") return;
  const requestId = currentRequestId();
  const level: LogLevel = request.status >= 500 ? "error" : "info";
  const line = JSON.stringify({
    level,
    time: new Date().toISOString(),
    scope: "http",
    message: `${request.method} ${request.route} ${request.status}`,
    ...(requestId ? { requestId } : {}),
    method: request.method,
    route: request.route,
    status: request.status,
    durationMs: Math.round(request.durationMs * 10) / 10,
  });
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
 * Logs that `what` failed. A failure because the database is unreachable is part of an outage,
 * which is logged as a whole (`noteDatabaseUnavailable`); any other error (a bug) is logged with
 * its stack, every time, a failed query without its SQL or parameters.
 */
export function logFailure(scope: string, what: string, error: unknown): void {
  if (!isDatabaseUnavailableError(error)) {
    log("error", scope, `${what} failed: ${describeError(error)}`);
    return;
  }
  noteDatabaseUnavailable(what, innermostMessage(error));
}

/** How often an outage in progress is summed up. */
const OUTAGE_SUMMARY_MS = 30_000;
/** How often the database is tried while it is away, to say at once when it is back. */
const OUTAGE_PROBE_MS = 1_000;

let databaseProbe: (() => Promise<unknown>) | undefined;
let outage:
  | { since: number; reason: string; failures: number; sinceSummary: number; summary: NodeJS.Timeout; probe: NodeJS.Timeout; probing: boolean }
  | undefined;

type OutageListener = (outage: { since: Date; seconds: number; failures: number }) => void;
let outageListener: OutageListener | undefined;

/** Hears of each database outage once it is over (the admins' alert); set by the composition root. */
export function setDatabaseOutageListener(listener: OutageListener | undefined): void {
  outageListener = listener;
}

/** A cheap query (`select 1`) that tells whether the database answers again; set by the composition root. */
export function setDatabaseProbe(probe: (() => Promise<unknown>) | undefined): void {
  databaseProbe = probe;
}

/**
 * A database outage fails every query of every request and job at once: thousands of lines in a
 * few seconds, each with a stack, buried everything else (issue 27). It is logged as one line when
 * the database goes, one summary every 30 s while it is away (how many operations failed), and one
 * line when it is back; never a stack trace, as an outage is expected, not a bug.
 */
function noteDatabaseUnavailable(what: string, reason: string): void {
  if (outage) {
    outage.failures += 1;
    outage.sinceSummary += 1;
    outage.reason = reason;
    return;
  }
  log("error", "db", `the database is unavailable (${reason}), first noticed by ${what}; what needs it fails until it is back`);
  const since = Date.now();
  const seconds = () => Math.round((Date.now() - since) / 1000);
  // The summaries count many requests' failures: their timers run outside the first one's request id.
  const [summary, probe] = requests.exit(() => [
    setInterval(() => {
      if (!outage) return;
      // Without a probe (a script, a test), 30 s without a failure is as good as a sign it is back.
      if (!databaseProbe && outage.sinceSummary === 0) return endOutage(seconds());
      log("error", "db", `the database is still unavailable after ${seconds()} s: ${outage.sinceSummary} operations failed in the last 30 s (${outage.reason})`);
      outage.sinceSummary = 0;
    }, OUTAGE_SUMMARY_MS),
    setInterval(() => {
      if (!outage || !databaseProbe || outage.probing) return;
      outage.probing = true;
      databaseProbe().then(
        () => endOutage(seconds()),
        () => {
          if (outage) outage.probing = false;
        },
      );
    }, OUTAGE_PROBE_MS),
  ]);
  // A stopping process must not wait for them.
  summary.unref();
  probe.unref();
  outage = { since, reason, failures: 1, sinceSummary: 1, summary, probe, probing: false };
}

function endOutage(seconds: number): void {
  if (!outage) return;
  clearInterval(outage.summary);
  clearInterval(outage.probe);
  const { failures, since } = outage;
  outage = undefined;
  log("info", "db", `the database is back after ${seconds} s (${failures} ${failures === 1 ? "operation" : "operations"} failed meanwhile)`);
  outageListener?.({ since: new Date(since), seconds, failures });
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

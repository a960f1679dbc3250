import type pg from "pg";
import type { DatabaseHandle } from "#app/lib/db.server";
import { gaugeReadOnScrape, histogram } from "#app/lib/metrics.server";
import { logFailure } from "#app/lib/log.server";
import { dueMessages, type DueMessages } from "#app/modules/messaging/index.server";

/**
 * The gauges read from the database and the pool at each scrape: the outbox's due messages and the
 * age of the oldest, the job queue's lag, the PostgreSQL pool. A query that fails (the database is
 * away) leaves the gauge empty for that scrape instead of failing it.
 */
export function declareDatabaseMetrics(database: DatabaseHandle, jobSchema = "pgboss"): void {
  // Both outbox gauges come from one query per scrape.
  let dueRead: { at: number; rows: Promise<DueMessages[]> } | undefined;
  const due = () => {
    if (!dueRead || Date.now() - dueRead.at > 1_000) dueRead = { at: Date.now(), rows: scrapeSafely("counting due messages", () => dueMessages(database.db), []) };
    return dueRead.rows;
  };
  gaugeReadOnScrape("harmonia_outbox_due_messages", "Messages due to be sent now, by channel and priority.", ["channel", "priority"], async (gauge) => {
    gauge.reset();
    for (const row of await due()) gauge.set({ channel: row.channel, priority: row.priority }, row.count);
  });
  gaugeReadOnScrape("harmonia_outbox_oldest_due_seconds", "Age of the oldest due message, by channel and priority (0 when none is due).", ["channel", "priority"], async (gauge) => {
    gauge.reset();
    for (const priority of ["transactional", "bulk"]) gauge.set({ channel: "email", priority }, 0);
    for (const row of await due()) gauge.set({ channel: row.channel, priority: row.priority }, row.oldestSeconds);
  });
  gaugeReadOnScrape("harmonia_job_lag_seconds", "How long the oldest job that is due has waited to start, by queue.", ["queue"], async (gauge) => {
    gauge.reset();
    const rows = await scrapeSafely(
      "reading the job queue's lag",
      async () =>
        (
          await database.executeSql(
            `select name, extract(epoch from now() - min(start_after))::float8 as lag from ${jobSchema}.job where state in ('created', 'retry') and start_after <= now() group by name`,
            [],
          )
        ).rows as { name: string; lag: number }[],
      [],
    );
    for (const row of rows) gauge.set({ queue: row.name }, Number(row.lag));
  });
  gaugeReadOnScrape("harmonia_db_pool_connections", "PostgreSQL pool connections in use, idle, and requests waiting for one (0 on the embedded database).", ["state"], (gauge) => {
    const pool = database.driver === "postgres" ? (database.db as unknown as { $client: pg.Pool }).$client : undefined;
    const total = pool?.totalCount ?? 0;
    const idle = pool?.idleCount ?? 0;
    gauge.set({ state: "in_use" }, total - idle);
    gauge.set({ state: "idle" }, idle);
    gauge.set({ state: "waiting" }, pool?.waitingCount ?? 0);
  });
}

async function scrapeSafely<T>(what: string, read: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await read();
  } catch (error) {
    logFailure("metrics", what, error);
    return fallback;
  }
}

const requestDurations = histogram(
  "harmonia_http_request_duration_seconds",
  "HTTP requests by route pattern, method and status, with how long each took.",
  ["route", "method", "status"],
  [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
);

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** Counts one answered request. `route` is a pattern (`/events/:slug`), never the URL a visitor sent. */
export function observeRequest(request: { route: string; method: string; status: number; seconds: number }): void {
  requestDurations.observe({ route: request.route, method: METHODS.has(request.method) ? request.method : "OTHER", status: String(request.status) }, request.seconds);
}

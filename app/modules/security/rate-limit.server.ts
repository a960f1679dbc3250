import { sql } from "drizzle-orm";
import { queryRows, type Database } from "~/lib/db.server";

export interface RateLimitRule {
  /** Attempts allowed in one window. */
  limit: number;
  windowSeconds: number;
}

export type RateLimitOutcome = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts one attempt against `key` in a fixed window and says whether it is allowed. The count is
 * one atomic upsert, so concurrent requests on several instances never slip past the limit.
 */
export async function consumeRateLimit(db: Database, key: string, rule: RateLimitRule): Promise<RateLimitOutcome> {
  const window = `${rule.windowSeconds} seconds`;
  const [row] = await queryRows<{ count: number; retry_after: number }>(
    db,
    sql`
      INSERT INTO rate_limits (key, count, window_started_at) VALUES (${key}, 1, now())
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN rate_limits.window_started_at <= now() - ${window}::interval THEN 1 ELSE rate_limits.count + 1 END,
        window_started_at = CASE WHEN rate_limits.window_started_at <= now() - ${window}::interval THEN now() ELSE rate_limits.window_started_at END
      RETURNING count, ceil(extract(epoch FROM (window_started_at + ${window}::interval - now())))::int AS retry_after
    `,
  );
  if (!row) throw new Error(`Rate limit ${key} returned no row`);
  if (row.count <= rule.limit) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.max(1, Number(row.retry_after)) };
}

/** Who is attempting something, as far as the limits are concerned. */
export interface LimitedClient {
  /** The client's address as the HTTP server saw it. */
  ip: string;
  /** RATE_LIMIT_MULTIPLIER of the configuration (the browser tests raise every limit with it). */
  rateLimitMultiplier: number;
}

export interface RateLimitCounter {
  key: string;
  rule: RateLimitRule;
}

/**
 * Counts one attempt against every counter (a client's, an address's…) with the limits scaled by
 * `multiplier`, and refuses when any of them is over, with the longest wait. Every counter is
 * taken even when an earlier one refuses, so hammering one address also uses up the caller's
 * allowance.
 */
export async function consumeRateLimits(
  db: Database,
  counters: RateLimitCounter[],
  multiplier = 1,
): Promise<RateLimitOutcome> {
  const waits: number[] = [];
  for (const { key, rule } of counters) {
    const outcome = await consumeRateLimit(db, key, { ...rule, limit: Math.round(rule.limit * multiplier) });
    if (!outcome.allowed) waits.push(outcome.retryAfterSeconds);
  }
  return waits.length === 0 ? { allowed: true } : { allowed: false, retryAfterSeconds: Math.max(...waits) };
}

/**
 * Forgets counters whose window ended long ago. Every limit's window is an hour or less, so a row
 * untouched for a day counts nothing; without this, one row per anonymous listener would pile up.
 */
export async function pruneRateLimits(db: Database, olderThanSeconds = 24 * 60 * 60): Promise<number> {
  const rows = await queryRows<{ key: string }>(
    db,
    sql`DELETE FROM rate_limits WHERE window_started_at < now() - ${`${olderThanSeconds} seconds`}::interval RETURNING key`,
  );
  return rows.length;
}

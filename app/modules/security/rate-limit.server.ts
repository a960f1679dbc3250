import { sql } from "drizzle-orm";
import { queryRows, type Database } from "#app/lib/db.server";

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
export function consumeRateLimit(db: Database, key: string, rule: RateLimitRule): Promise<RateLimitOutcome> {
  return consumeRateLimits(db, [{ key, rule }]);
}

/** Who is attempting something, as far as the limits are concerned. */
export interface LimitedClient {
  /** The key of the client's limits (the HTTP server's clientKey: the address, or its IPv6 /64). */
  key: string;
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
 * allowance. All counters move in one atomic upsert (one round trip), in key order so that two
 * requests sharing counters never wait on each other in a circle.
 */
export async function consumeRateLimits(
  db: Database,
  counters: RateLimitCounter[],
  multiplier = 1,
): Promise<RateLimitOutcome> {
  const limits = new Map(counters.map(({ key, rule }) => [key, Math.round(rule.limit * multiplier)]));
  if (limits.size === 0) return { allowed: true };
  const windows = [...new Map(counters.map(({ key, rule }) => [key, rule.windowSeconds])).entries()].sort(([a], [b]) => (a < b ? -1 : 1));
  const input = sql.join(
    windows.map(([key, seconds]) => sql`(${key}::text, make_interval(secs => ${seconds}::int))`),
    sql`, `,
  );
  const rows = await queryRows<{ key: string; count: number; retry_after: number }>(
    db,
    sql`
      WITH counter (key, length) AS (VALUES ${input})
      INSERT INTO rate_limits AS kept (key, count, window_started_at)
      SELECT key, 1, now() FROM counter ORDER BY key
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN kept.window_started_at <= now() - (SELECT length FROM counter WHERE counter.key = excluded.key) THEN 1 ELSE kept.count + 1 END,
        window_started_at = CASE WHEN kept.window_started_at <= now() - (SELECT length FROM counter WHERE counter.key = excluded.key) THEN now() ELSE kept.window_started_at END
      RETURNING key, count, ceil(extract(epoch FROM (window_started_at + (SELECT length FROM counter WHERE counter.key = kept.key) - now())))::int AS retry_after
    `,
  );
  if (rows.length !== limits.size) throw new Error(`Rate limits ${[...limits.keys()].join(", ")} returned ${rows.length} rows`);
  const waits = rows.flatMap((row) => (Number(row.count) <= limits.get(row.key)! ? [] : [Math.max(1, Number(row.retry_after))]));
  return waits.length === 0 ? { allowed: true } : { allowed: false, retryAfterSeconds: Math.max(...waits) };
}

export type BudgetOutcome =
  | { allowed: true; /** Gives the spent amount back (the seats were not taken after all). */ giveBack: () => Promise<void> }
  | { allowed: false; /** What is left of the budget in this window. */ remaining: number; retryAfterSeconds: number };

/**
 * Spends `cost` (seats…) from a budget of `rule.limit` (scaled by `multiplier`) per window, only
 * if all of it fits: unlike an attempt, a refused spend counts nothing, so a client told "only 3
 * more" can still take those 3. One conditional upsert decides, so concurrent spends on several
 * instances never pass the budget together. The answer's `giveBack` returns the cost to the window
 * it was spent in (not to a later one).
 */
export async function spendBudget(db: Database, counter: RateLimitCounter, cost: number, multiplier = 1): Promise<BudgetOutcome> {
  const limit = Math.round(counter.rule.limit * multiplier);
  const length = sql`make_interval(secs => ${counter.rule.windowSeconds}::int)`;
  const [spent] = await queryRows<{ started: string }>(
    db,
    sql`
      INSERT INTO rate_limits AS kept (key, count, window_started_at)
      SELECT ${counter.key}::text, ${cost}::int, now() WHERE ${cost}::int <= ${limit}::int
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN kept.window_started_at <= now() - ${length} THEN excluded.count ELSE kept.count + excluded.count END,
        window_started_at = CASE WHEN kept.window_started_at <= now() - ${length} THEN now() ELSE kept.window_started_at END
      WHERE kept.window_started_at <= now() - ${length} OR kept.count + excluded.count <= ${limit}::int
      RETURNING window_started_at::text AS started
    `,
  );
  if (spent) {
    const giveBack = async () => {
      await db.execute(
        sql`UPDATE rate_limits SET count = greatest(count - ${cost}::int, 0) WHERE key = ${counter.key}::text AND window_started_at = ${spent.started}::timestamptz`,
      );
    };
    return { allowed: true, giveBack };
  }
  const [kept] = await queryRows<{ count: number; retry_after: number }>(
    db,
    sql`SELECT count, ceil(extract(epoch FROM (window_started_at + ${length} - now())))::int AS retry_after FROM rate_limits WHERE key = ${counter.key}::text`,
  );
  const running = kept && Number(kept.retry_after) > 0;
  return {
    allowed: false,
    remaining: running ? Math.max(0, limit - Number(kept.count)) : limit,
    retryAfterSeconds: running ? Number(kept.retry_after) : counter.rule.windowSeconds,
  };
}

/**
 * Forgets counters whose window ended long ago. Every window is a day or less, so a row
 * untouched for a day counts nothing; without this, one row per anonymous listener would pile up.
 */
export async function pruneRateLimits(db: Database, olderThanSeconds = 24 * 60 * 60): Promise<number> {
  const rows = await queryRows<{ key: string }>(
    db,
    sql`DELETE FROM rate_limits WHERE window_started_at < now() - ${`${olderThanSeconds} seconds`}::interval RETURNING key`,
  );
  return rows.length;
}

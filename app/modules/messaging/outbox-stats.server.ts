import { sql } from "drizzle-orm";
import { counter } from "~/lib/metrics.server";
import { queryRows, type Database } from "~/lib/db.server";

export interface DueMessages {
  channel: string;
  priority: "transactional" | "bulk";
  count: number;
  /** Seconds since the oldest of them was written. */
  oldestSeconds: number;
}

/**
 * The messages due now (pending, their time come) by channel and priority, and how long the oldest
 * has waited: what /metrics shows and the outbox alert watches. Walks the claim index only.
 */
export async function dueMessages(db: Database): Promise<DueMessages[]> {
  const rows = await queryRows<{ channel: string; priority: number; count: number; oldest_seconds: number }>(
    db,
    sql`select channel, priority, count(*)::int as count, extract(epoch from now() - min(created_at))::float8 as oldest_seconds
        from outbox where status = 'pending' and next_attempt_at <= now() group by channel, priority`,
  );
  return rows.map((row) => ({
    channel: row.channel,
    priority: Number(row.priority) === 0 ? "transactional" : "bulk",
    count: Number(row.count),
    oldestSeconds: Number(row.oldest_seconds),
  }));
}

/**
 * Transactional e-mails waiting to be tried again after a failed attempt: while there are any, mail
 * is failing (the alert fires once that has lasted 15 minutes).
 */
export async function retryingTransactionalEmails(db: Database): Promise<{ count: number; lastError?: string }> {
  const rows = await queryRows<{ count: number; last_error: string | null }>(
    db,
    sql`select count(*)::int as count, (array_agg(last_error order by updated_at desc))[1] as last_error
        from outbox where channel = 'email' and priority = 0 and status in ('pending', 'sending') and attempts > 0 and last_error is not null`,
  );
  const row = rows[0];
  return { count: Number(row?.count ?? 0), lastError: row?.last_error ?? undefined };
}

const deliveries = counter("harmonia_messages_total", "Delivery attempts by channel and outcome: sent, retrying (failed, will be tried again) or failed (given up).", ["channel", "outcome"]);

/** Counts one delivery attempt's outcome for /metrics. */
export function countDelivery(channel: string, outcome: "sent" | "retrying" | "failed"): void {
  deliveries.inc({ channel, outcome });
}

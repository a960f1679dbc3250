import { sql } from "drizzle-orm";
import { counter } from "#app/lib/metrics.server";
import { queryRows, type Database } from "#app/lib/db.server";
import { RELAY_STAGES, type FailureStage } from "./delivery-errors";

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

/** A kind of failure among the failing transactional e-mails: where they stopped and the reply's codes. */
export interface FailureGroup {
  stage: FailureStage;
  replyCode?: number;
  enhancedCode?: string;
  messages: number;
}

/** The transactional e-mails failing now, as facts of ours (never a server's words): what the mail alert reads. */
export interface FailingTransactionalEmails {
  /** By stage: how many messages, and how many of them wait for another attempt (the rest were given up). */
  stages: Array<{ stage: FailureStage; messages: number; retrying: number }>;
  /** How many recipient domains the messages failed at their own stage (not the relay's) go to. */
  recipientDomains: number;
  /** The commonest stage and code combinations, most messages first (at most 10). */
  commonest: FailureGroup[];
}

/**
 * The transactional e-mails failing now: those waiting for another attempt after a failed one, and
 * those given up within the last `givenUpMinutes`. Read from `failure_stage` and the reply codes
 * the sender recorded, never from `last_error` (the remote server's own text). Walks the claim
 * index for the waiting ones and the due index's failed rows of the window for the others.
 */
export async function failingTransactionalEmails(db: Database, options: { givenUpMinutes: number }): Promise<FailingTransactionalEmails> {
  const failing = sql`with failing as (
      select coalesce(failure_stage, 'unknown') as stage, status, failure_reply_code as reply_code, failure_enhanced_code as enhanced_code,
             lower(split_part(recipient, '@', 2)) as domain
      from outbox
      where channel = 'email' and priority = 0 and attempts > 0 and last_error is not null
        and (status in ('pending', 'sending')
             or (status = 'failed' and next_attempt_at > now() - make_interval(mins => ${options.givenUpMinutes})
                 and updated_at > now() - make_interval(mins => ${options.givenUpMinutes}))))`;
  const relayStages = sql.join(RELAY_STAGES.map((stage) => sql`${stage}`), sql`, `);
  const stages = await queryRows<{ stage: string; messages: number; retrying: number; recipient_domains: number }>(
    db,
    sql`${failing}
        select stage, count(*)::int as messages, (count(*) filter (where status <> 'failed'))::int as retrying,
               (select count(distinct domain)::int from failing where stage not in (${relayStages})) as recipient_domains
        from failing group by stage`,
  );
  const commonest = await queryRows<{ stage: string; reply_code: number | null; enhanced_code: string | null; messages: number }>(
    db,
    sql`${failing}
        select stage, reply_code, enhanced_code, count(*)::int as messages from failing
        group by stage, reply_code, enhanced_code order by messages desc, stage limit 10`,
  );
  return {
    stages: stages.map((row) => ({ stage: row.stage as FailureStage, messages: Number(row.messages), retrying: Number(row.retrying) })),
    recipientDomains: Number(stages[0]?.recipient_domains ?? 0),
    commonest: commonest.map((row) => ({
      stage: row.stage as FailureStage,
      ...(row.reply_code !== null ? { replyCode: Number(row.reply_code) } : {}),
      ...(row.enhanced_code !== null ? { enhancedCode: row.enhanced_code } : {}),
      messages: Number(row.messages),
    })),
  };
}

const deliveries = counter("harmonia_messages_total", "Delivery attempts by channel and outcome: sent, retrying (failed, will be tried again) or failed (given up).", ["channel", "outcome"]);

/** Counts one delivery attempt's outcome for /metrics. */
export function countDelivery(channel: string, outcome: "sent" | "retrying" | "failed"): void {
  deliveries.inc({ channel, outcome });
}

import { sql } from "drizzle-orm";
import { queryRows, type Database } from "#app/lib/db.server";
import { logFailure } from "#app/lib/log.server";
import { queueEmail } from "#app/modules/messaging/index.server";
import type { OutboxWake } from "#app/modules/messaging/index.server";

/**
 * The conditions admins are e-mailed about, each at most once an hour (docs/decisions/047).
 * `holdMinutes`: how long it must hold before anyone is told (0: at once).
 */
export const alertConditions = {
  "mail-failing": { title: "Transactional e-mail failing", holdMinutes: 15 },
  "outbox-backed-up": { title: "Transactional e-mail waiting too long", holdMinutes: 0 },
  "backup-failing": { title: "Scheduled backup failing", holdMinutes: 0 },
  "database-unreachable": { title: "Database was unreachable", holdMinutes: 0 },
} as const;

export type AlertCondition = keyof typeof alertConditions;

/** At most one alert per condition in this long, whichever instance notices it. */
const QUIET_HOURS = 1;

export interface AlertSettings {
  /** Who is told: ADMIN_EMAILS. */
  admins: string[];
  publicUrl: string;
  /** Starts this instance's outbox sender for the alert e-mails (the sweep sends them otherwise). */
  wake: OutboxWake;
}

export interface AlertStateView {
  condition: AlertCondition;
  title: string;
  holding: boolean;
  since?: Date;
  detail?: string;
  lastFiredAt?: Date;
}

/**
 * Records whether `condition` holds now (with what was seen, in our own words: counts, codes, times;
 * never an address, a token, or a remote server's text or link, since it is e-mailed), and
 * e-mails the admins through the outbox's transactional lane when it has held for its time and
 * nobody was told in the last hour. Several instances may note the same condition at once: the
 * one whose update moves `last_fired_at` queues the e-mails (in the same transaction), the others
 * find it moved. Answers whether this call fired the alert.
 */
export async function noteCondition(db: Database, condition: AlertCondition, holds: boolean, detail: string | undefined, settings: AlertSettings): Promise<boolean> {
  if (!holds) {
    await db.execute(sql`insert into alert_states (condition, since, checked_at) values (${condition}, null, now())
      on conflict (condition) do update set since = null, checked_at = now()`);
    return false;
  }
  const holdSeconds = alertConditions[condition].holdMinutes * 60;
  const queued = await db.transaction(async (tx) => {
    await tx.execute(sql`insert into alert_states (condition, since, detail, checked_at) values (${condition}, now(), ${detail ?? null}, now())
      on conflict (condition) do update set since = coalesce(alert_states.since, now()), detail = excluded.detail, checked_at = now()`);
    const fired = await queryRows<{ last_fired_at: string | Date; since: string | Date }>(
      tx,
      sql`update alert_states set last_fired_at = now()
          where condition = ${condition} and since <= now() - make_interval(secs => ${holdSeconds})
            and (last_fired_at is null or last_fired_at <= now() - make_interval(hours => ${QUIET_HOURS}))
          returning last_fired_at, since`,
    );
    const row = fired[0];
    if (!row) return [];
    const firedAt = new Date(row.last_fired_at);
    const ids: string[] = [];
    for (const admin of settings.admins) {
      const email = alertEmail(condition, detail, new Date(row.since), settings.publicUrl);
      const result = await queueEmail(tx, { ...email, to: admin, idempotencyKey: `alert:${condition}:${firedAt.toISOString()}:${admin}` });
      if (result.created) ids.push(result.id);
    }
    return ids;
  });
  for (const id of queued) await settings.wake(id);
  return queued.length > 0;
}

/** Each condition's state for /admin/setup, in the order of `alertConditions`. */
export async function readAlertStates(db: Database): Promise<AlertStateView[]> {
  const rows = await queryRows<{ condition: string; since: string | Date | null; detail: string | null; last_fired_at: string | Date | null }>(
    db,
    sql`select condition, since, detail, last_fired_at from alert_states`,
  );
  return (Object.keys(alertConditions) as AlertCondition[]).map((condition) => {
    const row = rows.find((candidate) => candidate.condition === condition);
    return {
      condition,
      title: alertConditions[condition].title,
      holding: Boolean(row?.since),
      since: row?.since ? new Date(row.since) : undefined,
      detail: row?.detail ?? undefined,
      lastFiredAt: row?.last_fired_at ? new Date(row.last_fired_at) : undefined,
    };
  });
}

/** An outage shorter than this is only logged; a longer one is e-mailed to the admins once it is over. */
export const OUTAGE_ALERT_SECONDS = 60;

/**
 * A database outage that is over: one of a minute or more is e-mailed now that the database answers
 * again (nothing could be queued while it was away), and the condition is clear again at once, its
 * last alert and what was seen kept for the status page. Answers whether this call fired the alert.
 */
export async function noteDatabaseOutage(db: Database, outage: { since: Date; seconds: number; failures: number }, settings: AlertSettings): Promise<boolean> {
  if (outage.seconds < OUTAGE_ALERT_SECONDS) return false;
  const detail = `The database did not answer for ${outage.seconds} s, from ${outage.since.toISOString().replace("T", " ").slice(0, 19)} UTC; ${outage.failures} operations failed meanwhile. It answers again.`;
  const fired = await noteCondition(db, "database-unreachable", true, detail, settings);
  await noteCondition(db, "database-unreachable", false, undefined, settings);
  return fired;
}

/** Notes a condition from a timer or a callback, where a failure may only be logged. */
export function noteConditionInBackground(db: Database, condition: AlertCondition, holds: boolean, detail: string | undefined, settings: AlertSettings): void {
  noteCondition(db, condition, holds, detail, settings).catch((error: unknown) => logFailure("alerts", `noting ${condition}`, error));
}

function alertEmail(condition: AlertCondition, detail: string | undefined, since: Date, publicUrl: string) {
  const { title } = alertConditions[condition];
  const statusUrl = `${publicUrl}/admin/setup`;
  const lines = [
    `${title}.`,
    "",
    detail ?? "",
    `Noticed at ${since.toISOString().replace("T", " ").slice(0, 16)} UTC.`,
    "",
    `The system status page shows each condition's state: ${statusUrl}`,
    `You get this e-mail at most once an hour while it lasts.`,
  ].filter((line, index, all) => line !== "" || all[index - 1] !== "");
  const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return {
    kind: "admin-alert",
    subject: `Alert: ${title.toLowerCase()}`,
    text: lines.join("\n"),
    html: `<!doctype html><html><body>${lines.map((line) => (line ? `<p>${escape(line)}</p>` : "")).join("")}</body></html>`,
    priority: "transactional" as const,
  };
}

import { eq, sql } from "drizzle-orm";
import { outbox, smsOptOuts } from "../../../db/schema";
import type { Database } from "~/lib/db.server";
import { insertText, type MessagePriority } from "~/modules/messaging/index.server";
import { SMS_MONTHLY_LIMIT, smsMessages, smsMonthOf } from "./sms-texts";

export interface QueuedText {
  /** E.164. */
  to: string;
  /** The text as the person receives it (personalised, with the opt-out line). */
  body: string;
  kind: string;
  idempotencyKey: string;
  priority?: MessagePriority;
  /** Not before this instant (quiet hours); now by default. */
  sendAt?: Date;
  meta?: Record<string, string>;
}

export type QueueTextOutcome =
  | { ok: true; id: string; created: boolean }
  | { ok: false; reason: "opted-out" | "monthly-limit"; message: string };

/**
 * Writes a text to the outbox, if the number may receive it: never to a number that opted out,
 * and at most 4 a calendar month (venue time) per number. The month's count is raised by one
 * conditional upsert in the same transaction as the outbox row, so concurrent sends on several
 * instances can never let a 5th through; a refused text writes nothing and is not counted. A text
 * whose idempotency key is already in the outbox is not counted again.
 */
export async function queueText(
  db: Database,
  text: QueuedText,
  options: {
    timeZone: string;
    now?: Date;
    /** More work in the same transaction once the text is queued (the activity log). */
    inTransaction?: (tx: Database, outboxId: string) => Promise<void>;
  },
): Promise<QueueTextOutcome> {
  return db.transaction(async (tx) => {
    const outcome = await queueTextIn(tx, text, options);
    if (outcome.ok && outcome.created) await options.inTransaction?.(tx, outcome.id);
    return outcome;
  });
}

/**
 * `queueText` inside a transaction the caller holds (a group send writes a batch of texts and
 * their recipients' results together). Every refusal comes before any write, so a refused text
 * leaves nothing behind and the caller's transaction goes on.
 */
export async function queueTextIn(
  tx: Database,
  text: QueuedText & { campaignId?: string },
  options: { timeZone: string; now?: Date },
): Promise<QueueTextOutcome> {
  // Two instances (or two sweeps) queueing the same text would both find no row below, both count
  // it and one would then fail on the key's unique index: the second waits here for the first's
  // commit instead, and finds its row.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`outbox:${text.idempotencyKey}`}, 0))`);
  const [existing] = await tx.select({ id: outbox.id }).from(outbox).where(eq(outbox.idempotencyKey, text.idempotencyKey));
  if (existing) return { ok: true, id: existing.id, created: false };
  const [optedOut] = await tx.select({ phone: smsOptOuts.phone }).from(smsOptOuts).where(eq(smsOptOuts.phone, text.to));
  if (optedOut) return { ok: false, reason: "opted-out", message: smsMessages.optedOut };
  const month = smsMonthOf(text.sendAt ?? options.now ?? new Date(), options.timeZone);
  const counted = await tx.execute(sql`
    insert into sms_monthly_counts (phone, month, count) values (${text.to}, ${month}, 1)
    on conflict (phone, month) do update set count = sms_monthly_counts.count + 1
    where sms_monthly_counts.count < ${SMS_MONTHLY_LIMIT}
    returning count`);
  if (rowsOf(counted).length === 0) return { ok: false, reason: "monthly-limit", message: smsMessages.monthlyLimit };
  const id = await insertText(tx, text);
  return { ok: true, id, created: true };
}

/** Rows of a raw query on either driver (node-postgres answers an object with rows, PGlite too). */
function rowsOf(result: unknown): unknown[] {
  return Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? []);
}

/** Opts a number out at once (a STOP reply, or Twilio's 21610). */
export async function optOut(db: Database, phone: string, source: "reply" | "carrier"): Promise<void> {
  await db.insert(smsOptOuts).values({ phone, source }).onConflictDoNothing();
}

/** Opts a number back in (a START reply). */
export async function optIn(db: Database, phone: string): Promise<void> {
  await db.delete(smsOptOuts).where(eq(smsOptOuts.phone, phone));
}

export async function isOptedOut(db: Database, phone: string): Promise<boolean> {
  const [row] = await db.select({ phone: smsOptOuts.phone }).from(smsOptOuts).where(eq(smsOptOuts.phone, phone));
  return Boolean(row);
}

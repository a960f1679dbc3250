import { eq, sql } from "drizzle-orm";
import { smsOptOuts } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import { insertText, messageIdByKey, type MessagePriority } from "#app/modules/messaging/index.server";
import { smsMessages, smsMonthOf, textRefusalWords, type NumberRefusal } from "./sms-texts";
import { numberRefusals, takeMonthlyCount, type TextRules } from "./text-eligibility.server";

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
  | { ok: false; reason: NumberRefusal; message: string };

export interface QueueTextOptions extends TextRules {
  timeZone: string;
  now?: Date;
}

/**
 * Writes a text to the outbox, if the number may receive it (`numberRefusals`): never to a number
 * outside SMS_ALLOWED_COUNTRIES or one that opted out, and at most 4 a calendar month (venue time)
 * per number. The month's count is raised by one conditional upsert in the same transaction as
 * the outbox row (`takeMonthlyCount`), so concurrent sends on several instances can never let a
 * 5th through; a refused text writes nothing and is not counted. A text whose idempotency key is
 * already in the outbox is not counted again.
 */
export async function queueText(
  db: Database,
  text: QueuedText,
  options: QueueTextOptions & {
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
export async function queueTextIn(tx: Database, text: QueuedText & { campaignId?: string }, options: QueueTextOptions): Promise<QueueTextOutcome> {
  // Two instances (or two sweeps) queueing the same text would both find no row below, both count
  // it and one would then fail on the key's unique index: the second waits here for the first's
  // commit instead, and finds its row.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`outbox:${text.idempotencyKey}`}, 0))`);
  const existing = await messageIdByKey(tx, text.idempotencyKey);
  if (existing) return { ok: true, id: existing, created: false };
  const refused = (await numberRefusals(tx, [text.to], options)).get(text.to);
  if (refused) return { ok: false, reason: refused, message: textRefusalWords(refused, options.allowedCountries).message };
  const month = smsMonthOf(text.sendAt ?? options.now ?? new Date(), options.timeZone);
  if (!(await takeMonthlyCount(tx, text.to, month))) return { ok: false, reason: "monthly-limit", message: smsMessages.monthlyLimit };
  const id = await insertText(tx, text);
  return { ok: true, id, created: true };
}

/** Opts a number out at once (a STOP reply, or Twilio's 21610). */
export async function optOut(db: Database, phone: string, source: "reply" | "carrier"): Promise<void> {
  await db.insert(smsOptOuts).values({ phone, source }).onConflictDoNothing();
}

/** Opts a number back in (a START reply). */
export async function optIn(db: Database, phone: string): Promise<void> {
  await db.delete(smsOptOuts).where(eq(smsOptOuts.phone, phone));
}

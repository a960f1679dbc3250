import { and, eq, inArray, lt, lte, sql } from "drizzle-orm";
import { outbox, type OutboxMessage } from "../../../db/schema";
import type { Database } from "~/lib/db.server";
import { attachmentsToMeta, type EmailAttachment } from "./email-attachments";

/** After this many failed attempts a message is given up and marked failed. */
export const MAX_DELIVERY_ATTEMPTS = 10;
/** A message claimed this long ago without an outcome belongs to a process that died mid-send. */
const ABANDONED_AFTER_MINUTES = 10;

export interface QueuedEmail {
  kind: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** The same key never produces a second message, e.g. `newsletter-welcome:ada@example.com`. */
  idempotencyKey: string;
  meta?: Record<string, string>;
  /** Small text files (a calendar invitation), kept in the row's meta until the message is sent. */
  attachments?: EmailAttachment[];
}

export interface QueueResult {
  id: string;
  /** False when a message with the same idempotency key already existed. */
  created: boolean;
}

/** Writes an e-mail to the outbox. Nothing is sent here: the worker sends what the outbox holds. */
export async function queueEmail(db: Database, email: QueuedEmail): Promise<QueueResult> {
  const inserted = await db
    .insert(outbox)
    .values({
      channel: "email",
      kind: email.kind,
      recipient: email.to,
      subject: email.subject,
      bodyText: email.text,
      bodyHtml: email.html,
      meta: { ...email.meta, ...attachmentsToMeta(email.attachments ?? []) },
      idempotencyKey: email.idempotencyKey,
    })
    .onConflictDoNothing({ target: outbox.idempotencyKey })
    .returning({ id: outbox.id });
  const row = inserted[0];
  if (row) return { id: row.id, created: true };
  const [existing] = await db
    .select({ id: outbox.id })
    .from(outbox)
    .where(eq(outbox.idempotencyKey, email.idempotencyKey));
  if (!existing) throw new Error(`Outbox message ${email.idempotencyKey} vanished after a conflict`);
  return { id: existing.id, created: false };
}

/**
 * Takes a due message for sending. Only one caller can hold it, whichever process or worker
 * asks, so a message is never sent twice at once.
 */
export async function claimMessage(
  db: Database,
  id: string,
  channels: OutboxMessage["channel"][],
): Promise<OutboxMessage | undefined> {
  if (channels.length === 0) return undefined;
  const [claimed] = await db
    .update(outbox)
    .set({ status: "sending", attempts: sql`${outbox.attempts} + 1`, updatedAt: sql`now()` })
    .where(and(eq(outbox.id, id), eq(outbox.status, "pending"), inArray(outbox.channel, channels)))
    .returning();
  return claimed;
}

export async function recordSent(
  db: Database,
  id: string,
  outcome: { transport: string; providerId: string | null },
): Promise<void> {
  await db
    .update(outbox)
    .set({
      status: "sent",
      transport: outcome.transport,
      providerId: outcome.providerId,
      lastError: null,
      sentAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(outbox.id, id));
}

/** Seconds to wait before the attempt after `attempts` failures: doubling, capped at an hour. */
export function retryDelaySeconds(attempts: number, baseSeconds: number): number {
  return Math.min(3600, baseSeconds * 2 ** Math.max(0, attempts - 1));
}

export async function recordFailure(
  db: Database,
  message: OutboxMessage,
  error: string,
  baseDelaySeconds: number,
): Promise<"pending" | "failed"> {
  const status = message.attempts >= MAX_DELIVERY_ATTEMPTS ? "failed" : "pending";
  const delay = retryDelaySeconds(message.attempts, baseDelaySeconds);
  await db
    .update(outbox)
    .set({
      status,
      lastError: error.slice(0, 2000),
      nextAttemptAt: sql`now() + make_interval(secs => ${delay})`,
      updatedAt: sql`now()`,
    })
    .where(eq(outbox.id, message.id));
  return status;
}

/**
 * Messages that should have been sent by now but are not on their way: their wake-up was lost
 * (a crash between writing and queueing) or the queue's retries ran out before ours did.
 * Messages left "sending" by a process that died are put back first.
 */
export async function findOverdueMessageIds(db: Database, graceSeconds: number): Promise<string[]> {
  await db
    .update(outbox)
    .set({ status: "pending", lastError: "The sending process stopped before it finished", updatedAt: sql`now()` })
    .where(
      and(
        eq(outbox.status, "sending"),
        lt(outbox.updatedAt, sql`now() - make_interval(mins => ${ABANDONED_AFTER_MINUTES})`),
      ),
    );
  const rows = await db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        eq(outbox.status, "pending"),
        lte(outbox.nextAttemptAt, sql`now() - make_interval(secs => ${graceSeconds})`),
      ),
    )
    .orderBy(outbox.nextAttemptAt)
    .limit(100);
  return rows.map((row) => row.id);
}

export async function getOutboxMessage(db: Database, id: string): Promise<OutboxMessage | undefined> {
  const [row] = await db.select().from(outbox).where(eq(outbox.id, id));
  return row;
}

/** The newest e-mails, for the development mailbox. */
export async function listEmails(db: Database, limit = 100): Promise<OutboxMessage[]> {
  return db
    .select()
    .from(outbox)
    .where(eq(outbox.channel, "email"))
    .orderBy(sql`${outbox.createdAt} desc`)
    .limit(limit);
}

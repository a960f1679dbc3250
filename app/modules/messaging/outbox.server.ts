import { and, eq, inArray, sql } from "drizzle-orm";
import { outbox, type OutboxMessage } from "../../../db/schema";
import type { Database } from "~/lib/db.server";
import { attachmentsToMeta, type EmailAttachment } from "./email-attachments";
import { keepsSignInLinks } from "./mailbox-mode.server";

/** After this many failed attempts a message is given up and marked failed. */
export const MAX_DELIVERY_ATTEMPTS = 10;
/** How long a claim holds a row; the sender renews it while a send takes longer (docs/decisions/016). */
export const LEASE_SECONDS = 60;

/**
 * Transactional messages (sign-in links, resets, confirmations) are claimed before any bulk one,
 * so a campaign never delays them. The column stores the rank: lower goes first.
 */
export type MessagePriority = "transactional" | "bulk";
export const priorityRank: Record<MessagePriority, number> = { transactional: 0, bulk: 1 };

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
  /** "bulk" for campaigns; everything a person is waiting for stays "transactional" (the default). */
  priority?: MessagePriority;
}

export interface QueueResult {
  id: string;
  /** False when a message with the same idempotency key already existed. */
  created: boolean;
}

/** Writes an e-mail to the outbox. Nothing is sent here: the sender sends what the outbox holds. */
export async function queueEmail(db: Database, email: QueuedEmail): Promise<QueueResult> {
  const { signInLink, ...meta } = email.meta ?? {};
  // A sign-in link is a credential: outside the dev mailbox it lives only in the message body.
  if (signInLink !== undefined && keepsSignInLinks()) meta.signInLink = signInLink;
  const inserted = await db
    .insert(outbox)
    .values({
      channel: "email",
      kind: email.kind,
      recipient: email.to,
      subject: email.subject,
      bodyText: email.text,
      bodyHtml: email.html,
      meta: { ...meta, ...attachmentsToMeta(email.attachments ?? []) },
      idempotencyKey: email.idempotencyKey,
      priority: priorityRank[email.priority ?? "transactional"],
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
  owner = "single",
): Promise<OutboxMessage | undefined> {
  if (channels.length === 0) return undefined;
  const [claimed] = await db
    .update(outbox)
    .set({
      status: "sending",
      attempts: sql`${outbox.attempts} + 1`,
      lockedUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})`,
      lockedBy: owner,
      updatedAt: sql`now()`,
    })
    .where(and(eq(outbox.id, id), eq(outbox.status, "pending"), inArray(outbox.channel, channels)))
    .returning();
  return claimed;
}

/**
 * The row's meta without what only the send needed: the sign-in link (a credential until it is
 * used) and the attachments. The rest (an unsubscribe address) stays for the record.
 */
const metaAfterSending = sql`(select coalesce(jsonb_object_agg(key, value), '{}'::jsonb)
  from jsonb_each(${outbox.meta}) where key <> 'signInLink' and key not like 'attachment%')`;

export interface SentOutcome {
  id: string;
  transport: string;
  providerId: string | null;
  /**
   * The dev mailbox shows bodies, so it keeps them; after a real send the body (and any sign-in
   * link in it) is cleared, keeping recipient, subject, kind, status, times and provider id.
   */
  keepBody: boolean;
}

export async function recordSent(db: Database, id: string, outcome: Omit<SentOutcome, "id" | "keepBody"> & { keepBody?: boolean }): Promise<void> {
  await recordSentBatch(db, [{ id, keepBody: outcome.keepBody ?? false, ...outcome }]);
}

/** Records many sends in one statement per kind of outcome, the delivery loop's hot path. */
export async function recordSentBatch(db: Database, outcomes: SentOutcome[]): Promise<void> {
  for (const keepBody of [true, false]) {
    const group = outcomes.filter((outcome) => outcome.keepBody === keepBody);
    if (group.length === 0) continue;
    const providerIds = sql.join(
      group.map((outcome) => sql`when ${outcome.id}::uuid then ${outcome.providerId}::text`),
      sql` `,
    );
    const transports = sql.join(group.map((outcome) => sql`when ${outcome.id}::uuid then ${outcome.transport}::text`), sql` `);
    await db
      .update(outbox)
      .set({
        status: "sent",
        transport: sql`case ${outbox.id} ${transports} end`,
        providerId: sql`case ${outbox.id} ${providerIds} end`,
        lastError: null,
        lockedUntil: null,
        lockedBy: null,
        sentAt: sql`now()`,
        updatedAt: sql`now()`,
        ...(keepBody ? {} : { bodyText: "", bodyHtml: null, meta: metaAfterSending }),
      })
      .where(inArray(
        outbox.id,
        group.map((outcome) => outcome.id),
      ));
  }
}

/** Seconds to wait before the attempt after `attempts` failures: doubling, capped at an hour. */
export function retryDelaySeconds(attempts: number, baseSeconds: number): number {
  return Math.min(3600, baseSeconds * 2 ** Math.max(0, attempts - 1));
}

/**
 * Records a failed attempt. A temporary one (a 4xx reply, a lost connection) is tried again after
 * the back-off until the attempts run out; a permanent one (a 5xx refusal) is failed at once, with
 * the server's reply as the error.
 */
export async function recordFailure(
  db: Database,
  message: OutboxMessage,
  error: string,
  baseDelaySeconds: number,
  permanent = false,
): Promise<"pending" | "failed"> {
  const status = permanent || message.attempts >= MAX_DELIVERY_ATTEMPTS ? "failed" : "pending";
  const delay = retryDelaySeconds(message.attempts, baseDelaySeconds);
  await db
    .update(outbox)
    .set({
      status,
      lockedUntil: null,
      lockedBy: null,
      lastError: error.slice(0, 2000),
      nextAttemptAt: sql`now() + make_interval(secs => ${delay})`,
      updatedAt: sql`now()`,
    })
    .where(eq(outbox.id, message.id));
  return status;
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

import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { outbox, type OutboxMessage } from "#db/schema";
import { queryRows, type Database } from "#app/lib/db.server";
import { normaliseEmailAddress } from "#app/lib/email-address";
import type { FailureFacts } from "./delivery-errors";
import { attachmentsToMeta, type EmailAttachment } from "./email-attachments";
import { RENDERER_META_KEY } from "./render-at-delivery.server";

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
  /** The campaign a bulk message belongs to, so pausing or cancelling it can hold or cancel the message. */
  campaignId?: string;
  /**
   * Whether `meta.signInLink` may be stored with the row, for /dev/mailbox's button and the console:
   * true only when mail goes to the dev mailbox (no SMTP_URL), which the sender of a link knows.
   * Absent, the link is dropped from meta: a sign-in link is a credential, and outside the dev
   * mailbox it lives only in the message body (cleared once sent).
   */
  keepSignInLink?: boolean;
}

export interface QueueResult {
  id: string;
  /** False when a message with the same idempotency key already existed. */
  created: boolean;
}

/** Writes an e-mail to the outbox. Nothing is sent here: the sender sends what the outbox holds. */
export async function queueEmail(db: Database, email: QueuedEmail): Promise<QueueResult> {
  const { signInLink, ...meta } = email.meta ?? {};
  if (signInLink !== undefined && email.keepSignInLink === true) meta.signInLink = signInLink;
  return insertMessage(db, {
    kind: email.kind,
    recipient: normaliseEmailAddress(email.to),
    subject: email.subject,
    bodyText: email.text,
    bodyHtml: email.html,
    meta: { ...meta, ...attachmentsToMeta(email.attachments ?? []) },
    idempotencyKey: email.idempotencyKey,
    priority: priorityRank[email.priority ?? "transactional"],
    campaignId: email.campaignId ?? null,
  });
}

/**
 * Writes many e-mails in one statement (a campaign's batch, in the caller's transaction). Keys that
 * already exist are left alone; the answer maps every key to its row's id, old or new.
 */
export async function queueEmailBatch(db: Database, emails: QueuedEmail[]): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  if (emails.length === 0) return ids;
  const inserted = await db
    .insert(outbox)
    .values(
      emails.map((email) => ({
        channel: "email" as const,
        kind: email.kind,
        recipient: normaliseEmailAddress(email.to),
        subject: email.subject,
        bodyText: email.text,
        bodyHtml: email.html,
        meta: { ...(email.meta ?? {}), ...attachmentsToMeta(email.attachments ?? []) },
        idempotencyKey: email.idempotencyKey,
        priority: priorityRank[email.priority ?? "transactional"],
        campaignId: email.campaignId ?? null,
      })),
    )
    .onConflictDoNothing({ target: outbox.idempotencyKey })
    .returning({ id: outbox.id, key: outbox.idempotencyKey });
  for (const row of inserted) ids.set(row.key, row.id);
  const missing = emails.map((email) => email.idempotencyKey).filter((key) => !ids.has(key));
  if (missing.length > 0) {
    const existing = await db
      .select({ id: outbox.id, key: outbox.idempotencyKey })
      .from(outbox)
      .where(inArray(outbox.idempotencyKey, missing));
    for (const row of existing) ids.set(row.key, row.id);
  }
  return ids;
}

/** An e-mail whose body a renderer makes when it is sent (render-at-delivery.server.ts). */
export interface EmailToRender {
  kind: string;
  to: string;
  /** For the record and the dev mailbox's list; the renderer's subject is the one sent. */
  subject: string;
  idempotencyKey: string;
  /** The registered renderer's name. */
  renderer: string;
  /** What the renderer needs to find the message's facts, e.g. `{ reservationId }`. */
  refs: Record<string, string>;
  priority?: MessagePriority;
}

/**
 * Writes a small row (no body, no attachments) that the sender renders when it claims it, so the
 * transaction that produces the message does no rendering (docs/decisions/020).
 */
export async function queueEmailToRender(db: Database, email: EmailToRender): Promise<QueueResult> {
  return insertMessage(db, {
    kind: email.kind,
    recipient: normaliseEmailAddress(email.to),
    subject: email.subject,
    bodyText: "",
    bodyHtml: null,
    meta: { ...email.refs, [RENDERER_META_KEY]: email.renderer },
    idempotencyKey: email.idempotencyKey,
    priority: priorityRank[email.priority ?? "transactional"],
  });
}

/**
 * Writes many rows to render at delivery (an import's invitations, in the caller's transaction),
 * 2,000 per statement passed as one JSON parameter: binding thousands of parameters is what made
 * row-by-row values slow on the embedded database. Keys that already exist are left alone;
 * answers how many rows are new.
 */
export async function queueEmailBatchToRender(db: Database, emails: EmailToRender[]): Promise<number> {
  let created = 0;
  for (let start = 0; start < emails.length; start += 2000) {
    const rows = emails.slice(start, start + 2000).map((email) => ({
      kind: email.kind,
      recipient: normaliseEmailAddress(email.to),
      subject: email.subject,
      meta: { ...email.refs, [RENDERER_META_KEY]: email.renderer },
      idempotency_key: email.idempotencyKey,
      priority: priorityRank[email.priority ?? "transactional"],
    }));
    const inserted = await queryRows<{ id: string }>(
      db,
      sql`insert into outbox (channel, kind, recipient, subject, body_text, body_html, meta, idempotency_key, priority)
        select 'email', r.kind, r.recipient, r.subject, '', null, r.meta, r.idempotency_key, r.priority
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as r(kind text, recipient text, subject text, meta jsonb, idempotency_key text, priority integer)
        on conflict (idempotency_key) do nothing
        returning id`,
    );
    created += inserted.length;
  }
  return created;
}

async function insertMessage(
  db: Database,
  row: Pick<typeof outbox.$inferInsert, "kind" | "recipient" | "subject" | "bodyText" | "bodyHtml" | "meta" | "idempotencyKey" | "priority" | "campaignId">,
): Promise<QueueResult> {
  const inserted = await db
    .insert(outbox)
    .values({ channel: "email", ...row })
    .onConflictDoNothing({ target: outbox.idempotencyKey })
    .returning({ id: outbox.id });
  const created = inserted[0];
  if (created) return { id: created.id, created: true };
  const [existing] = await db
    .select({ id: outbox.id })
    .from(outbox)
    .where(eq(outbox.idempotencyKey, row.idempotencyKey));
  if (!existing) throw new Error(`Outbox message ${row.idempotencyKey} vanished after a conflict`);
  return { id: existing.id, created: false };
}

/**
 * The row's meta without what only the send needed: the sign-in link and the unsubscribe address
 * (credentials: whoever reads the row could sign in or unsubscribe the person) and the attachments.
 * The rest (the campaign name, a renderer's references) stays for the record.
 */
const metaAfterSending = sql`(select coalesce(jsonb_object_agg(key, value), '{}'::jsonb)
  from jsonb_each(${outbox.meta}) where key not in ('signInLink', 'listUnsubscribe') and key not like 'attachment%')`;

/**
 * What a row keeps once it is sent, failed or cancelled: recipient, subject, kind, status, times
 * and provider id, never its body (which may carry a personal sign-in link) or credentials in meta.
 */
export const clearedContent = { bodyText: "", bodyHtml: null, meta: metaAfterSending };

/**
 * Cancels the rows `where` selects that no sender holds (pending or held), clearing their content
 * as a sent row's is; returns their ids. Modules cancel messages only through this.
 */
export async function cancelMessages(db: Database, where: SQL, reason: string): Promise<string[]> {
  const cancelled = await db
    .update(outbox)
    .set({ status: "cancelled", lastError: reason, updatedAt: sql`now()`, ...clearedContent })
    .where(and(where, inArray(outbox.status, ["pending", "held"])))
    .returning({ id: outbox.id });
  return cancelled.map((row) => row.id);
}

/**
 * Cancels every bulk e-mail (a campaign's, an invitation) to `address` that no sender has claimed
 * yet, whatever its spelling: recipients are stored normalised (docs/decisions/061), so the
 * address is compared in that form. Transactional mail to it is not touched. Returns the ids.
 */
export async function cancelBulkMailTo(db: Database, address: string, reason: string): Promise<string[]> {
  const recipient = normaliseEmailAddress(address);
  if (!recipient) return [];
  return cancelMessages(
    db,
    and(eq(outbox.channel, "email"), eq(outbox.recipient, recipient), eq(outbox.priority, priorityRank.bulk))!,
    reason,
  );
}

/**
 * Records a claimed message as not sent on purpose (its recipient is suppressed): `cancelled`, as
 * an unsubscribe's are, with the reason, and its content cleared. A campaign's recipient row then
 * reads `skipped` with that reason (campaigns/campaign-progress.server.ts).
 */
export async function recordSkipped(db: Database, id: string, reason: string): Promise<void> {
  await db
    .update(outbox)
    .set({ status: "cancelled", lastError: reason, lockedUntil: null, lockedBy: null, updatedAt: sql`now()`, ...clearedContent })
    .where(and(eq(outbox.id, id), eq(outbox.status, "sending")));
}

/**
 * Frees the idempotency keys of failed rows, so the message can be written again with fresh
 * content (their own was cleared when they failed); the failed rows stay as the record.
 */
export async function releaseFailedMessages(db: Database, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(outbox)
    .set({ idempotencyKey: sql`${outbox.idempotencyKey} || ':failed:' || ${outbox.id}::text`, updatedAt: sql`now()` })
    .where(and(inArray(outbox.id, ids), eq(outbox.status, "failed")));
}

export interface SentOutcome {
  id: string;
  transport: string;
  providerId: string | null;
  /** The dev mailbox shows bodies, so it keeps them; after a real send the content is cleared. */
  keepBody: boolean;
  /** What was rendered at delivery, stored on the row when the body is kept (the dev mailbox). */
  rendered?: { subject: string; bodyText: string; bodyHtml: string; meta: Record<string, string> };
}

type SentGroup = "clear" | "keep" | "store";
const groupOf = (outcome: SentOutcome): SentGroup => (!outcome.keepBody ? "clear" : outcome.rendered ? "store" : "keep");

/** Records many sends in one statement per kind of outcome, the delivery loop's hot path. */
export async function recordSentBatch(db: Database, outcomes: SentOutcome[]): Promise<void> {
  for (const kind of ["keep", "store", "clear"] as const) {
    const group = outcomes.filter((outcome) => groupOf(outcome) === kind);
    if (group.length === 0) continue;
    const byId = (value: (outcome: SentOutcome) => unknown, type: "text" | "jsonb") =>
      sql`case ${outbox.id} ${sql.join(
        group.map((outcome) => sql`when ${outcome.id}::uuid then ${value(outcome)}::${sql.raw(type)}`),
        sql` `,
      )} end`;
    const bodies =
      kind === "clear"
        ? clearedContent
        : kind === "store"
          ? {
              subject: byId((outcome) => outcome.rendered!.subject, "text"),
              bodyText: byId((outcome) => outcome.rendered!.bodyText, "text"),
              bodyHtml: byId((outcome) => outcome.rendered!.bodyHtml, "text"),
              meta: byId((outcome) => JSON.stringify(outcome.rendered!.meta), "jsonb"),
            }
          : {};
    await db
      .update(outbox)
      .set({
        status: "sent",
        transport: byId((outcome) => outcome.transport, "text"),
        providerId: byId((outcome) => outcome.providerId, "text"),
        lastError: null,
        failureStage: null,
        failureReplyCode: null,
        failureEnhancedCode: null,
        lockedUntil: null,
        lockedBy: null,
        sentAt: sql`now()`,
        updatedAt: sql`now()`,
        ...bodies,
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
 * the server's reply as the error, and `facts` (where it stopped, the reply's codes) beside it.
 */
export async function recordFailure(
  db: Database,
  message: OutboxMessage,
  error: string,
  baseDelaySeconds: number,
  permanent = false,
  facts: FailureFacts = { stage: "unknown" },
): Promise<"pending" | "failed"> {
  const status = permanent || message.attempts >= MAX_DELIVERY_ATTEMPTS ? "failed" : "pending";
  const delay = retryDelaySeconds(message.attempts, baseDelaySeconds);
  await db
    .update(outbox)
    .set({
      status,
      ...(status === "failed" ? clearedContent : {}),
      lockedUntil: null,
      lockedBy: null,
      lastError: error.slice(0, 2000),
      failureStage: facts.stage,
      failureReplyCode: facts.replyCode ?? null,
      failureEnhancedCode: facts.enhancedCode ?? null,
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

/** A text to write to the outbox: the sms module decides whether it may be sent, this writes it. */
export interface QueuedText {
  kind: string;
  to: string;
  body: string;
  meta?: Record<string, string>;
  idempotencyKey: string;
  priority?: MessagePriority;
  sendAt?: Date;
  campaignId?: string | null;
}

/** The columns every text's row has, whether it is to be sent or was refused. */
function textRow(text: QueuedText) {
  return { channel: "sms" as const, kind: text.kind, recipient: text.to, bodyText: text.body, meta: text.meta ?? {}, idempotencyKey: text.idempotencyKey };
}

/** Writes a text that may be sent (consent, opt-outs and the monthly cap already checked by the caller). */
export async function insertText(tx: Database, text: QueuedText): Promise<string> {
  const [row] = await tx
    .insert(outbox)
    .values({ ...textRow(text), priority: priorityRank[text.priority ?? "transactional"], nextAttemptAt: text.sendAt ?? sql`now()`, campaignId: text.campaignId })
    .returning({ id: outbox.id });
  return row!.id;
}

/**
 * Records a text that was refused before sending (no consent, opted out, over the cap) as a failed
 * row under its key, so later passes of the same job neither try nor log it again. True when the
 * row is new.
 */
export async function recordRefusedText(db: Database, text: QueuedText, reason: string): Promise<boolean> {
  const [recorded] = await db
    .insert(outbox)
    .values({ ...textRow(text), status: "failed", lastError: `Not sent: ${reason}` })
    .onConflictDoNothing()
    .returning({ id: outbox.id });
  return Boolean(recorded);
}

/** Holds a paused campaign's waiting messages (no sender claims a held row); returns how many. */
export async function holdCampaignMessages(tx: Database, campaignId: string): Promise<number> {
  const held = await tx
    .update(outbox)
    .set({ status: "held", updatedAt: sql`now()` })
    .where(and(eq(outbox.campaignId, campaignId), eq(outbox.status, "pending")))
    .returning({ id: outbox.id });
  return held.length;
}

/** Makes a resumed campaign's held messages due at once. */
export async function releaseHeldCampaignMessages(tx: Database, campaignId: string): Promise<void> {
  await tx
    .update(outbox)
    .set({ status: "pending", nextAttemptAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(outbox.campaignId, campaignId), eq(outbox.status, "held")));
}

/**
 * Notes the provider's delivery report on the message it sent (matched by the provider's id);
 * returns the recipients of the rows it updated.
 */
export async function recordDeliveryReport(db: Database, providerId: string, report: Record<string, string>): Promise<string[]> {
  const updated = await db
    .update(outbox)
    .set({ meta: sql`${outbox.meta} || ${JSON.stringify(report)}::jsonb`, updatedAt: sql`now()` })
    .where(eq(outbox.providerId, providerId))
    .returning({ recipient: outbox.recipient });
  return updated.map((row) => row.recipient);
}

import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgEnum, pgTable, smallint, text, timestamp, uuid } from "drizzle-orm/pg-core";

export const outboxChannel = pgEnum("outbox_channel", ["email", "sms"]);
/**
 * `held`: a message of a paused campaign, invisible to the sender until the campaign resumes;
 * `cancelled`: a message of a cancelled campaign that will never be sent.
 */
export const outboxStatus = pgEnum("outbox_status", ["pending", "sending", "sent", "failed", "held", "cancelled"]);

/**
 * Every e-mail and SMS is a row here before anything is sent. A sender claims due rows in batches
 * under a lease, sends them, and records each outcome, so a crash or a provider outage loses
 * nothing and sends nothing twice (docs/decisions/016).
 */
export const outbox = pgTable(
  "outbox",
  {
    id: uuid().primaryKey().defaultRandom(),
    channel: outboxChannel().notNull(),
    /** What produced the message, e.g. "sign-in-link" or "reservation-confirmation". */
    kind: text().notNull(),
    recipient: text().notNull(),
    subject: text(),
    bodyText: text("body_text").notNull(),
    bodyHtml: text("body_html"),
    /** Extra facts for the transport and the dev mailbox, such as the sign-in link of the message. */
    meta: jsonb().$type<Record<string, string>>().notNull().default({}),
    /** The same key never produces a second message. */
    idempotencyKey: text("idempotency_key").notNull().unique(),
    status: outboxStatus().notNull().default("pending"),
    attempts: integer().notNull().default(0),
    /** 0 = transactional (sign-in links, confirmations), 1 = bulk (campaigns); lower is claimed first. */
    priority: smallint().notNull().default(0),
    /** While `sending`: until when the claiming sender owns the row; after that another may claim it. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    /** Which sender (process) holds the lease, so only it renews or records it. */
    lockedBy: text("locked_by"),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    /**
     * What we know of the last failed attempt in our own terms, apart from the server's words in
     * `last_error` (which an outsider may write): where it stopped (messaging's `FailureStage`),
     * the reply's three-digit code and its enhanced status code (`4.7.1`). The admins' alerts read
     * only these (docs/decisions/047, issue 34).
     */
    failureStage: text("failure_stage"),
    failureReplyCode: smallint("failure_reply_code"),
    failureEnhancedCode: text("failure_enhanced_code"),
    /** Which transport delivered it: smtp, mailbox (development) or twilio. */
    transport: text(),
    providerId: text("provider_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** The campaign a bulk message belongs to (campaigns.id; no foreign key: messaging knows no campaigns). */
    campaignId: uuid("campaign_id"),
  },
  (table) => [
    index("outbox_due_idx").on(table.status, table.nextAttemptAt),
    // The claim query walks the rows that can be due in claim order and stops after a batch.
    index("outbox_claim_idx")
      .on(table.priority, table.nextAttemptAt)
      .where(sql`${table.status} in ('pending', 'sending')`),
    // Twilio's delivery reports name a text by its SID.
    index("outbox_sms_provider_idx")
      .on(table.providerId)
      .where(sql`${table.channel} = 'sms'`),
    // A bounce without our envelope address names the message by its Message-ID, kept as the provider id.
    index("outbox_email_provider_idx")
      .on(table.providerId)
      .where(sql`${table.channel} = 'email'`),
    // Pause, resume, cancel and a campaign's progress read its messages by status.
    index("outbox_campaign_idx")
      .on(table.campaignId, table.status)
      .where(sql`${table.campaignId} is not null`),
    check("outbox_attempts_non_negative", sql`${table.attempts} >= 0`),
  ],
);

export type OutboxMessage = typeof outbox.$inferSelect;

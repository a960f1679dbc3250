import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/** `scheduled`: a group text waiting for the end of quiet hours (`scheduled_for`); cancel still stops it. */
export const campaignStatus = pgEnum("campaign_status", ["draft", "sending", "paused", "cancelled", "completed", "scheduled"]);

/** `delivered`: a text whose delivery Twilio confirmed (its status callback); e-mail stops at `sent`. */
export const campaignRecipientStatus = pgEnum("campaign_recipient_status", ["queued", "sent", "failed", "skipped", "delivered"]);

/** E-mail campaigns (personal sign-in links) and group texts share the ledger. */
export const campaignChannel = pgEnum("campaign_channel", ["email", "sms"]);

/**
 * One bulk send: e-mail, or a group text (channel `sms`: `tag` is the kind of text, general |
 * event_reminder | custom; `subject` says who it went to; `body_markdown` is the text as written). Its status is what pause, resume and cancel change; the fan-out and the
 * outbox read it (docs/decisions/024).
 */
export const campaigns = pgTable(
  "campaigns",
  {
    id: uuid().primaryKey().defaultRandom(),
    /** What kind of send: 'community_magic_links' (a personal sign-in link for each recipient), 'sms_group'. */
    kind: text().notNull(),
    channel: campaignChannel().notNull().default("email"),
    /** The campaign name carried by its links (?campaign=…) for listening attribution, e.g. 'concert_followup'. */
    tag: text().notNull(),
    subject: text().notNull(),
    /** The message as staff wrote it, Markdown with {{link}} and {{name}}. */
    bodyMarkdown: text("body_markdown").notNull(),
    status: campaignStatus().notNull().default("draft"),
    createdByUserId: text("created_by_user_id"),
    createdByEmail: text("created_by_email").notNull(),
    /** Recipients written at creation (skipped ones included); fixed from then on. */
    recipientCount: integer("recipient_count").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    /** A `scheduled` campaign starts then (a group text asked for during quiet hours). */
    scheduledFor: timestamp("scheduled_for", { withTimezone: true }),
    /**
     * SHA-256 of what staff reviewed before sending (channel, kind, name, subject, message and who
     * receives it): the same send within minutes is asked again (docs/decisions/042). Null for
     * sends made through the JSON API, which has no review step.
     */
    sendFingerprint: text("send_fingerprint"),
    /**
     * Whether opening a recipient's personal link also gives them the full unreleased playlist
     * (a `music_access` row): the campaign keeps the promise its message makes. Magic-link campaigns only.
     */
    grantsMusicAccess: boolean("grants_music_access").notNull().default(false),
  },
  (table) => [
    index("campaigns_status_idx").on(table.status, table.createdAt),
    index("campaigns_send_fingerprint_idx").on(table.sendFingerprint, table.createdAt),
  ],
);

/**
 * The ledger of a campaign: one row per recipient, written with the campaign in one transaction.
 * The fan-out sets `outbox_message_id` in the transaction that writes the outbox row, so a row
 * without one is exactly a message not yet handed to the outbox: no duplicate, no gap.
 */
export const campaignRecipients = pgTable(
  "campaign_recipients",
  {
    id: uuid().primaryKey().defaultRandom(),
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    /** Trimmed and lower-cased snapshot of the address at creation (e-mail campaigns; a text's when known). */
    email: text(),
    /** The E.164 number of a group text's recipient. */
    phone: text(),
    /** The name snapshot for {{name}}; null means 'friend'. */
    name: text(),
    status: campaignRecipientStatus().notNull().default("queued"),
    /** The outbox row of this recipient's message, once the fan-out wrote it. */
    outboxMessageId: uuid("outbox_message_id"),
    /** SHA-256 (base64url) of the personal sign-in link's token; the token itself is only in the e-mail. */
    linkTokenHash: text("link_token_hash"),
    linkExpiresAt: timestamp("link_expires_at", { withTimezone: true }),
    /** When the link was used (its POST, never a scanner's GET); single use. */
    clickedAt: timestamp("clicked_at", { withTimezone: true }),
    /** SHA-256 (base64url) of the unsubscribe token in List-Unsubscribe and the footer link. */
    unsubscribeTokenHash: text("unsubscribe_token_hash"),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("campaign_recipients_email_key").on(table.campaignId, table.email),
    uniqueIndex("campaign_recipients_phone_key").on(table.campaignId, table.phone),
    check("campaign_recipients_address", sql`${table.email} is not null or ${table.phone} is not null`),
    index("campaign_recipients_status_idx").on(table.campaignId, table.status),
    // The fan-out walks the recipients still waiting for their outbox row.
    index("campaign_recipients_pending_idx")
      .on(table.campaignId)
      .where(sql`${table.outboxMessageId} is null and ${table.status} = 'queued'`),
    uniqueIndex("campaign_recipients_link_key").on(table.linkTokenHash),
    uniqueIndex("campaign_recipients_unsubscribe_key").on(table.unsubscribeTokenHash),
  ],
);

export type Campaign = typeof campaigns.$inferSelect;

export type CampaignRecipient = typeof campaignRecipients.$inferSelect;

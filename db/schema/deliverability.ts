import { sql } from "drizzle-orm";
import { bigserial, index, integer, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** What a bounce or complaint report said happened: a permanent failure (5.x.x), a temporary one (4.x.x), or a spam complaint. */
export const bounceKind = pgEnum("bounce_kind", ["hard", "soft", "complaint"]);
/** Why an address is suppressed. */
export const suppressionReason = pgEnum("suppression_reason", ["hard-bounce", "soft-bounce-limit", "complaint"]);

/**
 * Every bounce and complaint heard, once: `event_key` names the report (the bounce message's
 * Message-ID, the provider's event id, or a hash of a signed body), so the same report delivered
 * twice or read by two pollers is one row. Soft bounces are counted from here; rows cleared when
 * staff remove the address from suppression no longer count.
 */
export const bounceEvents = pgTable(
  "bounce_events",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    eventKey: text("event_key").notNull().unique(),
    /** The bounced address, trimmed and lower-cased. */
    email: text().notNull(),
    kind: bounceKind().notNull(),
    /** Where it was heard: mailbox, generic, postmark or ses. */
    source: text().notNull(),
    /** The status code and the provider's or remote server's text. */
    detail: text().notNull().default(""),
    /** The outbox message that bounced, when the report named it (VERP, Message-ID). */
    outboxMessageId: uuid("outbox_message_id"),
    campaignId: uuid("campaign_id"),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set when staff removed the address from suppression: the event no longer counts. */
    clearedAt: timestamp("cleared_at", { withTimezone: true }),
  },
  (table) => [
    index("bounce_events_email_idx").on(table.email, table.createdAt),
    index("bounce_events_campaign_idx")
      .on(table.campaignId, table.kind)
      .where(sql`${table.campaignId} is not null`),
  ],
);

/**
 * Addresses no bulk mail goes to (campaigns, attendee mail, invitations, reminders), with why and
 * what said so. The sender checks it at send time; staff may remove an address (with a reason, in
 * the activity log).
 */
export const suppressions = pgTable("suppressions", {
  /** Trimmed and lower-cased. */
  email: text().primaryKey(),
  reason: suppressionReason().notNull(),
  /** The provider's or remote server's text of the event that suppressed it. */
  detail: text().notNull().default(""),
  source: text().notNull(),
  campaignId: uuid("campaign_id"),
  outboxMessageId: uuid("outbox_message_id"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Why a report was not acted on: it names no message we sent (`no-matching-message`), it names one
 * of ours but another person than the message's recipient (`recipient-mismatch`, a webhook), or it
 * was too large to read (`oversized`).
 */
export const unmatchedReportReason = pgEnum("unmatched_report_reason", ["no-matching-message", "recipient-mismatch", "oversized"]);

/**
 * Reports heard but not acted on (docs/decisions/051): a bounce or complaint is believed only when
 * it matches a message we sent, so anyone can mail the bounce address but nobody can suppress or
 * unsubscribe someone else. Listed on the deliverability page so staff see attempts and
 * misconfigurations; kept 90 days. Everything here is the outsider's text, shown escaped on staff
 * pages and never put in mail.
 */
export const unmatchedReports = pgTable(
  "unmatched_reports",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    /** The same key as a bounce event would have: a report read twice is one row. */
    eventKey: text("event_key").notNull().unique(),
    /** Where it was heard: mailbox, generic, postmark or ses. */
    source: text().notNull(),
    reason: unmatchedReportReason().notNull(),
    /** What the report claimed, when it could be read. */
    kind: bounceKind(),
    /** The report's sender (its From; a webhook has none), capped and without control characters. */
    sender: text(),
    /** The address the report named as failed or complaining. */
    namedRecipient: text("named_recipient"),
    /** The message's size in bytes, for oversized ones. */
    sizeBytes: integer("size_bytes"),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("unmatched_reports_received_idx").on(table.receivedAt)],
);

/** Who polls the bounce mailbox now: one instance at a time, until its lease runs out. */
export const bounceMailboxLease = pgTable("bounce_mailbox_lease", {
  name: text().primaryKey(),
  holder: text().notNull(),
  until: timestamp({ withTimezone: true }).notNull(),
});

export type BounceEvent = typeof bounceEvents.$inferSelect;
export type Suppression = typeof suppressions.$inferSelect;
export type UnmatchedReport = typeof unmatchedReports.$inferSelect;

import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Numbers that asked not to be texted (STOP by reply, or Twilio's error 21610). While a row
 * exists the number gets no text of any kind; START removes it.
 */
export const smsOptOuts = pgTable("sms_opt_outs", {
  /** E.164, e.g. +16195550100. */
  phone: text().primaryKey(),
  /** 'reply' (an inbound STOP word), 'carrier' (Twilio refused with 21610). */
  source: text().notNull(),
  optedOutAt: timestamp("opted_out_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Texts counted per number and calendar month (venue time), raised by one conditional upsert in
 * the transaction that queues a text, so two instances can never both send a 5th.
 */
export const smsMonthlyCounts = pgTable(
  "sms_monthly_counts",
  {
    phone: text().notNull(),
    /** 'YYYY-MM' in the venue's time zone. */
    month: text().notNull(),
    count: integer().notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.phone, table.month] })],
);

/**
 * Incoming texts already processed, by Twilio's MessageSid, so a replayed or retried webhook is
 * processed once. `applied` says whether its STOP or START changed the number's opt-out: a START
 * received before the latest applied STOP of its number is recorded but not applied.
 */
export const smsEvents = pgTable(
  "sms_events",
  {
    messageSid: text("message_sid").primaryKey(),
    /** E.164. */
    phone: text().notNull(),
    /** 'stop', 'start', 'help', or null for any other text. */
    keyword: text(),
    /** When the request reached us (the database's clock, shared by every instance). */
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull(),
    applied: boolean().notNull(),
  },
  (table) => [index("sms_events_phone_received_at").on(table.phone, table.receivedAt)],
);

import { sql } from "drizzle-orm";
import { pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/** Subscribers of the newsletter (footer form). One row per e-mail, compared case-insensitively. */
export const newsletter = pgTable(
  "newsletter",
  {
    id: uuid().primaryKey().defaultRandom(),
    email: text().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("newsletter_email_key").on(sql`lower(${table.email})`)],
);

/** People waiting for the guided-meditation platform's launch (not a waiting list for an event). */
export const waitlist = pgTable(
  "waitlist",
  {
    id: uuid().primaryKey().defaultRandom(),
    email: text().notNull(),
    /** Where they joined from: the meditations page, a plan on /harmonize, the home page. */
    source: text(),
    /** The plan chosen on /harmonize, when the visitor came from a plan button. */
    plan: text(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("waitlist_email_key").on(sql`lower(${table.email})`)],
);

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

/**
 * People who joined the community list (the join page, the home page, /contact). Joining gives
 * them a sign-in link; they become members (users) when they first use it.
 */
export const community = pgTable(
  "community",
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    email: text().notNull(),
    phone: text(),
    interest: text().notNull(),
    /** Where the form was: join, home, contact. */
    source: text(),
    /** When the visitor accepted the Terms and Privacy Policy (before 0019 one box bundled e-mail and SMS too). */
    consentAcceptedAt: timestamp("consent_accepted_at", { withTimezone: true }).notNull(),
    /** When the visitor ticked the separate SMS box (texts to `phone`); null when they did not (docs/decisions/043). */
    smsConsentAt: timestamp("sms_consent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("community_email_key").on(sql`lower(${table.email})`)],
);

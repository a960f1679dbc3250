import { sql } from "drizzle-orm";
import { bigserial, boolean, index, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * Addresses that asked for no more bulk e-mail. Every campaign skips them; transactional mail
 * (sign-in links, reservations) is unaffected. Only an explicit re-subscribe removes a row.
 */
export const unsubscribes = pgTable("unsubscribes", {
  /** Trimmed and lower-cased. */
  email: text().primaryKey(),
  /** 'one-click' (RFC 8058 POST from a mail client), 'link' (the page's button), 'staff'. */
  source: text().notNull(),
  campaignId: uuid("campaign_id"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The unsubscribe links of bulk mail sent outside a campaign (past-attendee invitations), by the
 * token's hash; a campaign's are on its recipient rows. Kept, like those, so a link in an old
 * e-mail still works.
 */
export const unsubscribeTokens = pgTable("unsubscribe_tokens", {
  tokenHash: text("token_hash").primaryKey(),
  /** Trimmed and lower-cased. */
  email: text().notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const consentPurpose = pgEnum("consent_purpose", ["terms", "privacy", "email_updates", "sms", "newsletter", "campaigns"]);

/** `import`: carried over from the old site by `npm run import:legacy` (text version `legacy`). `complaint`: a spam complaint reported by the mail provider (docs/decisions/048). */
export const consentSource = pgEnum("consent_source", ["community_form", "invitation_form", "newsletter", "profile", "reservation_form", "import", "complaint"]);

/**
 * Every consent given or withdrawn, as it happened: who (user id and/or address), to what, under
 * which version of the words shown, where, and when. Rows are only ever added; the newest row per
 * person and purpose is the current answer. A deleted account's rows keep the address (no user id)
 * as the record that consent was withdrawn.
 */
export const consents = pgTable(
  "consents",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    /** The member, when known; cleared (not cascaded) when the account is deleted. */
    userId: uuid("user_id"),
    /** Trimmed and lower-cased. */
    email: text().notNull(),
    purpose: consentPurpose().notNull(),
    /** CONSENT_TEXT_VERSION of the words the person saw (app/modules/consent/consent-texts.ts). */
    textVersion: text("text_version").notNull(),
    source: consentSource().notNull(),
    /** True when given, false when withdrawn. */
    granted: boolean().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("consents_email_idx").on(table.email, table.purpose, table.createdAt),
    index("consents_user_idx").on(table.userId).where(sql`${table.userId} is not null`),
  ],
);

export type Consent = typeof consents.$inferSelect;

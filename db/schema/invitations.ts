import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgEnum, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

export const invitationStatus = pgEnum("invitation_status", ["pending", "accepted"]);

/**
 * An invitation gifting the unreleased tracks. `rid` is the unguessable id carried in the link;
 * an invitation is expired when `expires_at` has passed (30 days after sending) and not accepted.
 */
export const invitations = pgTable(
  "invitations",
  {
    id: uuid().primaryKey().defaultRandom(),
    rid: text().notNull().unique(),
    email: text().notNull(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    phone: text(),
    city: text(),
    state: text(),
    /** Past events the invitee attended, e.g. from an imported attendee list. */
    eventHistory: jsonb("event_history").$type<{ name: string; date?: string }[]>().notNull().default([]),
    campaign: text(),
    status: invitationStatus().notNull().default("pending"),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** Set when staff revoked the invitation: its link stops working, whatever its expiry says. */
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("invitations_email_idx").on(sql`lower(${table.email})`)],
);

/**
 * The words of the past attendees' invitation e-mail as staff edited them before an import's
 * confirmation (docs/decisions/044). Never changed: each edit is a new row, the newest is what the
 * next import starts from, and each queued e-mail names the row it is rendered with.
 */
export const invitationWordings = pgTable("invitation_wordings", {
  id: uuid().primaryKey().defaultRandom(),
  subject: text().notNull(),
  /** Paragraphs separated by blank lines, shown after the greeting and the line naming the event. */
  intro: text().notNull(),
  createdByEmail: text("created_by_email").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An uploaded attendee CSV between its preview and its confirmation (docs/decisions/030): the
 * people the file names, parsed and merged on the server (attendee_import_people), so confirming
 * needs no second upload and cannot be handed other rows than the ones previewed. Kept a day;
 * confirmed at most once.
 */
export const attendeeImports = pgTable("attendee_imports", {
  id: uuid().primaryKey().defaultRandom(),
  fileName: text("file_name").notNull(),
  /** Data rows the file had (before merging and dropping). */
  rowCount: integer("row_count").notNull(),
  createdByUserId: text("created_by_user_id"),
  createdByEmail: text("created_by_email").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  /**
   * What the preview showed (AttendeeImportPreview), so a later step shows it again without the
   * file. Written after the last batch of people: an import without it is incomplete, never confirmed.
   */
  preview: jsonb().$type<unknown>(),
  /** The invitation's words last previewed for this import (null: the default words); the confirmation sends these. */
  wordingId: uuid("wording_id").references(() => invitationWordings.id),
});

/**
 * An import's merged people (AttendeeImportPerson[], one per e-mail, in the file's order), a batch
 * per row: each batch is written and read by a statement of its own, short enough that the
 * embedded database, which runs in the web server's thread, never holds other requests for long.
 */
export const attendeeImportPeople = pgTable(
  "attendee_import_people",
  {
    importId: uuid("import_id")
      .notNull()
      .references(() => attendeeImports.id, { onDelete: "cascade" }),
    /** 0, 1, 2…: the batches in the file's order. */
    batch: integer().notNull(),
    people: jsonb().$type<unknown[]>().notNull(),
  },
  (table) => [primaryKey({ columns: [table.importId, table.batch] })],
);

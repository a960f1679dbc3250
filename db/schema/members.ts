import { sql } from "drizzle-orm";
import { bigserial, boolean, check, doublePrecision, index, integer, jsonb, pgEnum, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";

/** A member's own settings: one row per user, removed with the user. */
export const profiles = pgTable("profiles", {
  id: serial().primaryKey(),
  userId: uuid("user_id")
    .notNull()
    .unique()
    .references(() => user.id, { onDelete: "cascade" }),
  fullName: text("full_name"),
  bio: text(),
  preferredMeditationDuration: text("preferred_meditation_duration"),
  preferredMeditationTime: text("preferred_meditation_time"),
  notificationPreference: boolean("notification_preference").notNull().default(true),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The member directory by e-mail: who accepted an invitation (or was imported), how to reach
 * them and what they agreed to, with the time of each consent.
 */
export const userProfiles = pgTable(
  "user_profiles",
  {
    id: uuid().primaryKey().defaultRandom(),
    email: text().notNull(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    phone: text(),
    city: text(),
    state: text(),
    interests: jsonb().$type<string[]>().notNull().default([]),
    communicationPreference: text("communication_preference"),
    discoveryMethod: text("discovery_method"),
    emailUpdates: boolean("email_updates").notNull().default(false),
    smsConsentAt: timestamp("sms_consent_at", { withTimezone: true }),
    termsAcceptedAt: timestamp("terms_accepted_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("user_profiles_email_key").on(sql`lower(${table.email})`)],
);

/** E-mails entitled to the full member playlist (compared case-insensitively). */
export const musicAccess = pgTable(
  "music_access",
  {
    id: uuid().primaryKey().defaultRandom(),
    email: text().notNull(),
    /** Why access was given: invitation, import, staff, campaign (a campaign that grants it, on its link's click). */
    source: text(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("music_access_email_key").on(sql`lower(${table.email})`)],
);

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

export const trackTier = pgEnum("track_tier", ["public", "friend", "member"]);

/** The music library. Files live in media/audio (outside public/) and are streamed per request. */
export const tracks = pgTable(
  "tracks",
  {
    id: uuid().primaryKey().defaultRandom(),
    title: text().notNull(),
    /** File name inside media/audio, e.g. still-water.mp3. */
    file: text().notNull().unique(),
    tier: trackTier().notNull(),
    position: integer().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("tracks_position_positive", sql`${table.position} >= 0`)],
);

export const audioAction = pgEnum("audio_action", ["play", "pause", "ended"]);

/**
 * Listening analytics: one row per play, pause or end the player reports (POST /api/trackAudio).
 * The listener is the signed-in user as the server saw them, or the browser's anonymous session.
 */
export const audioEvents = pgTable(
  "audio_events",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    userEmail: text("user_email"),
    userId: uuid("user_id"),
    trackSrc: text("track_src").notNull(),
    trackTitle: text("track_title").notNull(),
    action: audioAction().notNull(),
    /** Seconds into the track. */
    position: doublePrecision().notNull(),
    /** Seconds; null when the browser did not know it. */
    duration: doublePrecision(),
    rid: text(),
    campaign: text(),
    anonymousSessionId: text("anonymous_session_id"),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("audio_events_received_at_idx").on(table.receivedAt),
    index("audio_events_track_src_idx").on(table.trackSrc),
    index("audio_events_campaign_idx").on(table.campaign),
  ],
);

import { sql } from "drizzle-orm";
import { bigserial, check, doublePrecision, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

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

import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * What staff did, written by each staff use case in the same transaction as its change, so the
 * log never claims a change that rolled back nor misses one that landed. Nothing else writes it.
 * The actor's e-mail is a snapshot: the log still reads right after the account is gone.
 */
export const activityLog = pgTable(
  "activity_log",
  {
    id: uuid().primaryKey().defaultRandom(),
    actorUserId: text("actor_user_id"),
    actorEmail: text("actor_email").notNull(),
    /** What was done, 'area.verb' (e.g. 'event.created', 'community.deleted'); see activity-kinds.ts. */
    kind: text().notNull(),
    /** Which kind of record it touched ('event', 'reservation', 'community', …) and its id. */
    subjectType: text("subject_type").notNull(),
    subjectId: text("subject_id"),
    /** A readable name of the record at the time (an event's title, a person's e-mail). */
    subjectLabel: text("subject_label"),
    /** The fields an edit changed, before and after; null for creations and deletions' other side. */
    before: jsonb(),
    after: jsonb(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("activity_log_created_idx").on(table.createdAt),
    index("activity_log_actor_idx").on(table.actorEmail, table.createdAt),
    index("activity_log_kind_idx").on(table.kind, table.createdAt),
  ],
);

export type ActivityLogRow = typeof activityLog.$inferSelect;

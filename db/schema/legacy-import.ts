import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * One `npm run import:legacy -- --apply` that landed (a dry run or a rolled-back apply leaves no
 * row): where it read from, the counts per legacy table and the full report, as the command printed them.
 */
export const importRuns = pgTable(
  "import_runs",
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The URL without its password, or the CSV folder's path. */
    source: text().notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    finishedAt: timestamp("finished_at", { withTimezone: true }).notNull().defaultNow(),
    /** Per legacy table: read, new, merged, unchanged, skipped (LegacyImportReport["tables"]). */
    counts: jsonb().$type<unknown>().notNull(),
    /** The whole report (LegacyImportReport): the counts and a line per skipped or changed row. */
    report: jsonb().$type<unknown>().notNull(),
    /** New rows written in all, for the setup page's one-line summary. */
    created: integer().notNull().default(0),
  },
  (table) => [index("import_runs_finished_idx").on(table.finishedAt)],
);

/**
 * Which of our rows each legacy row became (or was merged into), so a second run of the same
 * export, or a later export, matches instead of creating again. A mapped row whose target is gone
 * was deleted here, and is not brought back.
 */
export const legacyIds = pgTable(
  "legacy_ids",
  {
    /** The legacy table ('community', 'auth.users', 'events_management', …). */
    sourceTable: text("source_table").notNull(),
    /** The legacy row's id, or its trimmed lower-cased e-mail for tables without one. */
    legacyId: text("legacy_id").notNull(),
    /** Our table and row (its primary key as text). */
    targetTable: text("target_table").notNull(),
    targetId: text("target_id").notNull(),
    /** Whether the legacy row made the target (false: merged into a row that was already there). */
    created: boolean().notNull().default(true),
    importRunId: uuid("import_run_id")
      .notNull()
      .references(() => importRuns.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.sourceTable, table.legacyId] }), index("legacy_ids_target_idx").on(table.targetTable, table.targetId)],
);

export type ImportRunRow = typeof importRuns.$inferSelect;

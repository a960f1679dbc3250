import { pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Which rows are demo content (docs/decisions/052): the demo seed names every row it adds here, by
 * its table and primary key, in the same transaction as the row. So the demo brand is told from a
 * brand's real data by a mark, never guessed from a title or an address, and removed exactly.
 * A mark whose row staff have since deleted is harmless: every read joins on the row.
 */
export const demoRows = pgTable(
  "demo_rows",
  {
    /** The table of the demo row: events, reservations, invitations, newsletter, waitlist, user_profiles, music_access. */
    tableName: text("table_name").notNull(),
    /** Its primary key, as text. */
    rowId: text("row_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.tableName, table.rowId] })],
);

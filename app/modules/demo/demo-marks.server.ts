import { sql } from "drizzle-orm";
import { demoRows } from "#db/schema";
import type { Database } from "#app/lib/db.server";

/** The tables the demo seed adds rows to; each added row is marked in demo_rows (docs/decisions/052). */
export const demoTables = ["events", "reservations", "invitations", "newsletter", "waitlist", "user_profiles", "music_access"] as const;
export type DemoTable = (typeof demoTables)[number];

/** Marks rows the seed has just added as demo content, in the seed's transaction. */
export async function markDemoRows(db: Database, table: DemoTable, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .insert(demoRows)
    .values(ids.map((rowId) => ({ tableName: table, rowId })))
    .onConflictDoNothing();
}

/** `true` for a row of `table` (aliased `alias`) that carries the demo mark. */
export function isMarked(table: DemoTable, alias: string) {
  return sql`exists (select 1 from demo_rows d where d.table_name = ${table} and d.row_id = ${sql.identifier(alias)}.id::text)`;
}

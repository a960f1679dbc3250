import { toCsv, type CsvColumn } from "#app/lib/csv.server";
import type { Database } from "#app/lib/db.server";
import { recordActivity, type StaffActor } from "./record-activity.server";

export interface ListExport<Row> {
  /** The list's name as the activity log shows it, e.g. 'community'. */
  name: string;
  read: (db: Database) => Promise<Row[]>;
  columns: readonly CsvColumn<Row>[];
}

/**
 * A staff member exports a whole list as CSV (formula-safe, see csv.server.ts). Personal data
 * leaving the system is a staff action like any other: the read and its activity entry share one
 * transaction, so an export that was answered is always in the log.
 */
export async function exportList<Row>(db: Database, actor: StaffActor, list: ListExport<Row>): Promise<{ csv: string; rows: number }> {
  return db.transaction(async (tx) => {
    const rows = await list.read(tx);
    await recordActivity(tx, actor, { kind: "list.exported", subjectType: "list", subjectId: list.name, subjectLabel: list.name, after: { rows: rows.length } });
    return { csv: toCsv(rows, list.columns), rows: rows.length };
  });
}

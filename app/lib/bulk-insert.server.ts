import { getTableColumns, sql } from "drizzle-orm";
import { getTableConfig, type PgTable } from "drizzle-orm/pg-core";
import { queryRows, type Database } from "./db.server";

/**
 * Bulk writing for the declared bulk loaders (docs/decisions/063): each table's owner module calls
 * this with its own table; nothing else names another module's table.
 */

/** Rows per INSERT: one JSON parameter each, well under a megabyte. */
const JSON_BATCH_ROWS = 2000;

export interface BulkInsertOptions {
  /** ON CONFLICT DO NOTHING: a row that would break a unique key is left out, not an error. */
  skipConflicts?: boolean;
  /** The same further values for every row (an import run's id), without a copy of each row. */
  everyRow?: Record<string, unknown>;
}

/**
 * Inserts rows (keyed by the schema's property names) through one JSON parameter per batch:
 * PostgreSQL turns it into typed rows itself (json_populate_recordset), which is many times
 * faster than binding every value as its own parameter, and the same on both databases.
 * It empties `rows` as it writes, so a written batch's memory can go while the next is built
 * (a legacy import's planned rows are most of its memory).
 */
export async function insertRowsInBulk(tx: Database, table: PgTable, rows: object[], options: BulkInsertOptions = {}): Promise<void> {
  const utf8 = reusedUtf8Buffer();
  const shared = Object.keys(options.everyRow ?? {});
  // Taken from the end of the reversed list: each batch leaves it, in order, without copying the rest.
  rows.reverse();
  while (rows.length > 0) {
    const batch: Record<string, unknown>[] = [];
    while (batch.length < JSON_BATCH_ROWS && rows.length > 0) batch.push(rows.pop() as Record<string, unknown>);
    // Rows that leave out different columns (to get their defaults) go in separate statements.
    const shapes = new Map<string, Record<string, unknown>[]>();
    for (const row of batch) {
      const shape = Object.keys(row).sort().join(",");
      const same = shapes.get(shape);
      if (same) same.push(row);
      else shapes.set(shape, [row]);
    }
    for (const [shape, sameShape] of shapes) {
      const keys = [...shape.split(","), ...shared];
      const names = columnNames(table, keys);
      const json = JSON.stringify(sameShape.map((row) => Object.fromEntries(keys.map((key, index) => [names[index], row[key] ?? options.everyRow?.[key] ?? null]))));
      await insertJson(tx, table, names, utf8(json), options);
    }
  }
}

/** Which of `ids` are rows of `table` (compared as text, so an id that is no uuid is simply absent). */
export async function idsPresentIn(db: Database, table: PgTable, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await queryRows<{ id: string }>(
    db,
    sql`SELECT t.id::text AS id FROM ${sql.identifier(getTableConfig(table).name)} t
        WHERE t.id::text IN (SELECT json_array_elements_text(${JSON.stringify(ids)}::json))`,
  );
  return new Set(rows.map((row) => row.id));
}

function columnNames(table: PgTable, keys: string[]): string[] {
  const columns = getTableColumns(table);
  return keys.map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`${getTableConfig(table).name} has no column ${key}`);
    return column.name;
  });
}

/** One INSERT of the rows in `json` (UTF-8 bytes of an array of objects keyed by column name). */
async function insertJson(tx: Database, table: PgTable, names: string[], json: Buffer, options: { skipConflicts?: boolean }) {
  const tableName = sql.identifier(getTableConfig(table).name);
  const columnList = sql.join(names.map((name) => sql.identifier(name)), sql`, `);
  await tx.execute(
    sql`INSERT INTO ${tableName} (${columnList}) SELECT ${columnList} FROM json_populate_recordset(null::${tableName}, convert_from(${json}::bytea, 'UTF8')::json)${options.skipConflicts ? sql` ON CONFLICT DO NOTHING` : sql``}`,
  );
}

/**
 * Text as UTF-8 in one buffer reused from call to call (an answer holds until the next call). The
 * batches go to the database as these bytes, not as strings: node-postgres keeps a finished query's
 * parameters reachable long enough to reach the old generation, so every batch's JSON text stayed
 * there until a full collection and the apply's heap grew by some 90 MB (docs/decisions/045).
 */
function reusedUtf8Buffer(): (text: string) => Buffer {
  let buffer = Buffer.alloc(0);
  return (text) => {
    const length = Buffer.byteLength(text);
    if (length > buffer.length) buffer = Buffer.allocUnsafe(Math.max(length, buffer.length * 2));
    buffer.write(text);
    return buffer.subarray(0, length);
  };
}

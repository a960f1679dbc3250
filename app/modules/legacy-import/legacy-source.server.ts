import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import Papa from "papaparse";
import pg from "pg";
import { decodeCsvBytes } from "#app/lib/csv-reading";
import { checkColumns, LEGACY_FILES, LEGACY_TABLES, legacyFile, type ColumnCheck, type LegacyTable } from "./legacy-columns";
import { orElse } from "#app/lib/or-else";

/**
 * Reading the old site's data, from its PostgreSQL database (read-only: a read-only session in a
 * read-only transaction, so the import cannot write there even by mistake) or from the folder of
 * CSV files its host's dashboard exports. Both give every value as the text PostgreSQL would print
 * (timestamps, 't'/'f' or 'true'/'false', arrays as '{a,b}'), an empty cell as null, so the two
 * sources map the same way.
 */

/** One legacy row: column → text, or null. */
export type LegacyRecord = Record<string, string | null>;

export { LEGACY_TABLES, type LegacyTable };

export interface LegacySnapshot {
  /** What was read, for messages and the run's record: the URL without its password, or the folder. */
  description: string;
  /** Rows of each table that exists; a table missing from the source is absent here. */
  tables: Partial<Record<LegacyTable, LegacyRecord[]>>;
  /** Each present table's columns (a CSV file's header), as written. */
  columns: Partial<Record<LegacyTable, string[]>>;
  missing: LegacyTable[];
  /** A folder's CSV files that are none of the tables' (a misspelt name shows here). */
  otherFiles: string[];
  /** Files are named as in a folder (`users.csv`), tables as in a database (`auth.users`). */
  kind: "folder" | "database";
}

/** Each present table's columns against the contract (legacy-columns), for those that differ. */
export function checkSnapshotColumns(snapshot: Pick<LegacySnapshot, "columns" | "kind">): ColumnCheck[] {
  const checks: ColumnCheck[] = [];
  for (const table of LEGACY_TABLES) {
    const header = snapshot.columns[table];
    if (!header) continue;
    const check = checkColumns(table, snapshot.kind === "folder" ? legacyFile(table).file : table, header);
    if (check.missing.length > 0 || check.unknown.length > 0) checks.push(check);
  }
  return checks;
}

/** The source could not be read: which source, which table, what failed (the command exits 1). */
export class LegacySourceError extends Error {
  constructor(
    public readonly source: string,
    public readonly table: string | null,
    public readonly problem: string,
  ) {
    super(`Could not read ${source}${table ? `, table ${table}` : ""}: ${problem}`);
    this.name = "LegacySourceError";
  }
}

export function isPostgresUrl(source: string): boolean {
  return /^postgres(ql)?:\/\//i.test(source);
}

/** The URL as it may be printed and stored: never its password. */
export function describeSource(source: string): string {
  if (!isPostgresUrl(source)) return path.resolve(source);
  try {
    const url = new URL(source);
    if (url.password) url.password = "***";
    return url.toString();
  } catch {
    return "the PostgreSQL URL given (it could not be parsed)";
  }
}

export async function readLegacySource(source: string): Promise<LegacySnapshot> {
  return isPostgresUrl(source) ? readFromPostgres(source) : readFromFolder(source);
}

/** Every column as PostgreSQL's text: the same strings a CSV export holds. */
const asText = { getTypeParser: () => (value: string) => value } as unknown as pg.CustomTypesConfig;

async function readFromPostgres(url: string): Promise<LegacySnapshot> {
  const description = describeSource(url);
  const client = new pg.Client({ connectionString: url, types: asText, options: "-c default_transaction_read_only=on", connectionTimeoutMillis: 15_000 });
  try {
    await client.connect();
  } catch (error) {
    throw new LegacySourceError(description, null, `cannot connect (${errorText(error)})`);
  }
  const snapshot: LegacySnapshot = { description, tables: {}, columns: {}, missing: [], otherFiles: [], kind: "database" };
  try {
    // One snapshot of every table: rows added while the import reads cannot be half-seen.
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    for (const table of LEGACY_TABLES) {
      const qualified = table.includes(".") ? table : `public.${table}`;
      let exists: boolean;
      try {
        const found = await client.query<{ exists: string | null }>("SELECT to_regclass($1)::text AS exists", [qualified]);
        exists = Boolean(found.rows[0]?.exists);
      } catch (error) {
        throw new LegacySourceError(description, table, errorText(error));
      }
      if (!exists) {
        snapshot.missing.push(table);
        continue;
      }
      try {
        const [schema, name] = qualified.split(".") as [string, string];
        const result = await client.query<Record<string, string | null>>(`SELECT * FROM "${schema}"."${name}"`);
        snapshot.tables[table] = result.rows.map(emptyAsNull);
        snapshot.columns[table] = result.fields.map((field) => field.name);
      } catch (error) {
        throw new LegacySourceError(description, table, errorText(error));
      }
    }
    await client.query("ROLLBACK");
  } finally {
    await client.end().catch(orElse(undefined, "the old database is only read: a connection that will not close cleanly loses nothing"));
  }
  return snapshot;
}

async function readFromFolder(folder: string): Promise<LegacySnapshot> {
  const description = describeSource(folder);
  try {
    if (!(await stat(folder)).isDirectory()) throw new LegacySourceError(description, null, "it is not a folder (give a folder of CSV files or a postgres:// URL)");
  } catch (error) {
    if (error instanceof LegacySourceError) throw error;
    throw new LegacySourceError(description, null, `no such folder (${errorText(error)})`);
  }
  const snapshot: LegacySnapshot = { description, tables: {}, columns: {}, missing: [], otherFiles: [], kind: "folder" };
  const ours = new Set(LEGACY_FILES.map((entry) => entry.file));
  try {
    snapshot.otherFiles = (await readdir(folder)).filter((name) => name.toLowerCase().endsWith(".csv") && !ours.has(name)).sort();
  } catch (error) {
    throw new LegacySourceError(description, null, `cannot list the folder (${errorText(error)})`);
  }
  for (const table of LEGACY_TABLES) {
    const file = path.join(folder, legacyFile(table).file);
    let bytes: Buffer;
    try {
      bytes = await readFile(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") {
        snapshot.missing.push(table);
        continue;
      }
      throw new LegacySourceError(description, table, `cannot read ${path.basename(file)} (${errorText(error)})`);
    }
    const parsed = Papa.parse<Record<string, string>>(decodeCsvBytes(bytes), { header: true, delimiter: ",", skipEmptyLines: "greedy" });
    const fatal = parsed.errors.find((problem) => problem.type !== "FieldMismatch" || problem.code === "TooManyFields");
    if (fatal) throw new LegacySourceError(description, table, `${path.basename(file)} line ${(fatal.row ?? 0) + 2}: ${fatal.message}`);
    if (!parsed.meta.fields?.length) throw new LegacySourceError(description, table, `${path.basename(file)} has no header row`);
    snapshot.tables[table] = parsed.data.map((row) => emptyAsNull(row));
    snapshot.columns[table] = parsed.meta.fields.map((field) => field.trim());
  }
  return snapshot;
}

function emptyAsNull(row: Record<string, string | null | undefined>): LegacyRecord {
  const record: LegacyRecord = {};
  for (const [key, value] of Object.entries(row)) record[key.trim()] = value === undefined || value === null || value === "" ? null : value;
  return record;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

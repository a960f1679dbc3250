/**
 * What an import did or would do: per legacy table the rows read, new, merged (into a person or
 * event already here or met earlier in the run), unchanged (imported by an earlier run) and
 * skipped, and a line for every skipped or changed row. Pure: the command prints it and the setup
 * page shows the stored one.
 */

import { type ColumnCheck } from "./legacy-columns";

export type ReportCount = "read" | "new" | "merged" | "unchanged" | "skipped";

export interface TableReport {
  table: string;
  /** False when the source had no such table (reported, not an error). */
  present: boolean;
  read: number;
  new: number;
  merged: number;
  unchanged: number;
  skipped: number;
}

export interface ReportLine {
  table: string;
  /** The legacy row's id (or its e-mail for tables without one). */
  legacyId: string;
  outcome: "skipped" | "changed";
  reason: string;
}

export interface LegacyImportReport {
  source: string;
  applied: boolean;
  /** Each file whose columns differ from the contract (legacy-columns): unknown ones, required ones missing. */
  columns: ColumnCheck[];
  /** Files of the folder that are none of the import's (a misspelt name shows here). */
  otherFiles: string[];
  tables: TableReport[];
  lines: ReportLine[];
  /** Invitations pending on the old site and still within their 30 days: imported pending, their time kept. */
  invitationsStillValid: number;
}

/** Whether a source lacks a column without which a file cannot be imported: the dry run exits 1, --apply refuses. */
export function missingRequiredColumns(columns: readonly ColumnCheck[]): ColumnCheck[] {
  return columns.filter((check) => check.missing.length > 0);
}

/**
 * One line per missing required column and per unknown column, by file (`missingOnly`: the missing
 * ones, each naming the unknown column that was probably meant).
 */
export function columnLines(columns: readonly ColumnCheck[], otherFiles: readonly string[] = [], options: { missingOnly?: boolean } = {}): string[] {
  const out: string[] = [];
  for (const check of columns) {
    for (const name of check.missing) {
      const instead = check.unknown.filter((unknown) => check.meant[unknown] === name);
      out.push(`${check.file}: required column '${name}' is missing${instead.length ? ` (is '${instead.join("', '")}' it? then rename it '${name}')` : ""}`);
    }
    if (options.missingOnly) continue;
    for (const name of check.unknown) {
      const guess = check.meant[name];
      out.push(`${check.file}: unknown column '${name}', not read${guess ? ` (did you mean '${guess}'?)` : ""}`);
    }
  }
  if (!options.missingOnly) for (const file of otherFiles) out.push(`${file}: not a file the import reads, not read`);
  return out;
}

/** A stored run as the setup page lists it (its report's lines cut to the first ones). */
export interface ImportRunSummary {
  id: string;
  source: string;
  finishedAt: Date;
  created: number;
  tables: TableReport[];
  lines: ReportLine[];
  /** Lines of the report not shown. */
  moreLines: number;
}

export function emptyTableReport(table: string, present: boolean): TableReport {
  return { table, present, read: 0, new: 0, merged: 0, unchanged: 0, skipped: 0 };
}

/** Rows written as new in all. */
export function totalNew(report: Pick<LegacyImportReport, "tables">): number {
  return report.tables.reduce((sum, table) => sum + table.new, 0);
}

/** The report as the command prints it: a table of counts, then one line per skipped or changed row. */
export function formatReport(report: LegacyImportReport): string {
  const header = ["table", "read", "new", "merged", "unchanged", "skipped"];
  const rows = report.tables.map((table) =>
    table.present
      ? [table.table, table.read, table.new, table.merged, table.unchanged, table.skipped].map(String)
      : [table.table, "missing", "", "", "", ""],
  );
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join("  ");
  const out = [report.applied ? `Imported from ${report.source}` : `Dry run: nothing was written. Read from ${report.source}`];
  const columns = columnLines(report.columns ?? [], report.otherFiles ?? []);
  if (columns.length > 0) out.push("", "Columns (npm run import:legacy -- --help lists each file's):", ...columns.map((text) => `  ${text}`));
  out.push("", line(header), line(widths.map((width) => "-".repeat(width))), ...rows.map(line));
  if (report.tables.some((table) => table.table === "invitation_summary" && table.present))
    out.push(
      "",
      `Invitations still valid: ${report.invitationsStillValid ?? 0} (pending and sent less than 30 days ago: each expires 30 days after it was sent; their old links do not work here, so re-send them from the dashboard).`,
    );
  if (report.lines.length > 0) {
    out.push("", "Rows skipped or changed:");
    for (const entry of report.lines) out.push(`  ${entry.table} ${entry.legacyId}: ${entry.outcome}, ${entry.reason}`);
  }
  if (missingRequiredColumns(report.columns ?? []).length > 0)
    out.push("", "Required columns are missing (see Columns above): add them and run again; --apply refuses until then.");
  else out.push("", report.applied ? `${totalNew(report)} new rows written.` : "Run again with --apply to write it (in one transaction).");
  return out.join("\n");
}

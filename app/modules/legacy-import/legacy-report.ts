/**
 * What an import did or would do: per legacy table the rows read, new, merged (into a person or
 * event already here or met earlier in the run), unchanged (imported by an earlier run) and
 * skipped, and a line for every skipped or changed row. Pure: the command prints it and the setup
 * page shows the stored one.
 */

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
  tables: TableReport[];
  lines: ReportLine[];
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
  const out = [
    report.applied ? `Imported from ${report.source}` : `Dry run: nothing was written. Read from ${report.source}`,
    "",
    line(header),
    line(widths.map((width) => "-".repeat(width))),
    ...rows.map(line),
  ];
  if (report.lines.length > 0) {
    out.push("", "Rows skipped or changed:");
    for (const entry of report.lines) out.push(`  ${entry.table} ${entry.legacyId}: ${entry.outcome}, ${entry.reason}`);
  }
  out.push("", report.applied ? `${totalNew(report)} new rows written.` : "Run again with --apply to write it (in one transaction).");
  return out.join("\n");
}

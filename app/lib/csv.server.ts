import Papa from "papaparse";
import { startsLikeFormula } from "./formula-text";

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => string | number | boolean | Date | null | undefined;
}

/** A text cell a spreadsheet shows as the text it is: a formula-like start gets a quote mark in front (CSV injection). */
export function formulaSafe(text: string): string {
  return startsLikeFormula(text) ? `'${text}` : text;
}

/**
 * A CSV file of rows, safe to open in a spreadsheet: every text cell passes through formulaSafe,
 * so a sign-up named '=HYPERLINK(…)' stays text instead of becoming a formula. Numbers are written
 * as they are; dates as ISO 8601 instants.
 */
export function toCsv<Row>(rows: readonly Row[], columns: readonly CsvColumn<Row>[]): string {
  const cell = (value: ReturnType<CsvColumn<Row>["value"]>) =>
    value === null || value === undefined ? "" : value instanceof Date ? value.toISOString() : typeof value === "string" ? formulaSafe(value) : String(value);
  return Papa.unparse(
    {
      fields: columns.map((column) => formulaSafe(column.header)),
      data: rows.map((row) => columns.map((column) => cell(column.value(row)))),
    },
    // An escaped cell is quoted too, as spreadsheets expect of a cell that starts with a quote mark.
    { newline: "\r\n", quotes: (value: unknown) => typeof value === "string" && value.startsWith("'") && startsLikeFormula(value.slice(1)) },
  );
}

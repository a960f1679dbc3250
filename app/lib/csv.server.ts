import Papa from "papaparse";

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => string | number | boolean | Date | null | undefined;
}

/**
 * A CSV file of rows, safe to open in a spreadsheet: a cell that starts with = + - @ (or a tab or
 * carriage return) is prefixed with a quote mark, so a sign-up named '=HYPERLINK(…)' stays text
 * instead of becoming a formula (CSV injection). Dates are written as ISO 8601 instants.
 */
export function toCsv<Row>(rows: readonly Row[], columns: readonly CsvColumn<Row>[]): string {
  const cell = (value: ReturnType<CsvColumn<Row>["value"]>) =>
    value === null || value === undefined ? "" : value instanceof Date ? value.toISOString() : String(value);
  return Papa.unparse(
    {
      fields: columns.map((column) => column.header),
      data: rows.map((row) => columns.map((column) => cell(column.value(row)))),
    },
    { escapeFormulae: true, newline: "\r\n" },
  );
}

import type { ReactNode } from "react";

export interface StackedColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Header kept for screen readers only (e.g. the actions column). */
  hiddenHeader?: boolean;
}

/**
 * A staff table that becomes one card per row on narrow screens (below 1024 px): each cell then
 * shows its column's name before its value, so nothing scrolls sideways on a phone.
 */
export function StackedTable<Row>(props: { caption: string; rows: readonly Row[]; columns: readonly StackedColumn<Row>[]; rowKey: (row: Row) => string }) {
  return (
    <table className="mt-4 w-full text-left text-sm max-lg:block">
      <caption className="sr-only">{props.caption}</caption>
      <thead className="max-lg:sr-only">
        <tr className="border-b border-sand/20">
          {props.columns.map((column) => (
            <th key={column.header} scope="col" className={`px-3 py-2 font-semibold text-ivory ${column.hiddenHeader ? "sr-only" : ""}`}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="max-lg:block max-lg:space-y-3">
        {props.rows.map((row) => (
          <tr key={props.rowKey(row)} className="border-b border-sand/10 align-top max-lg:block max-lg:rounded-2xl max-lg:border max-lg:border-sand/15 max-lg:p-3">
            {props.columns.map((column) => (
              <td
                key={column.header}
                data-label={column.hiddenHeader ? undefined : column.header}
                className={`px-3 py-2 break-words text-sand max-lg:flex max-lg:gap-3 max-lg:px-0 max-lg:py-1 ${
                  column.hiddenHeader ? "" : "max-lg:before:w-28 max-lg:before:shrink-0 max-lg:before:text-mist max-lg:before:content-[attr(data-label)]"
                }`}
              >
                <div className="min-w-0 break-words [overflow-wrap:anywhere]">{column.cell(row)}</div>
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

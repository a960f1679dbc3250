import type { ReactNode } from "react";
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import { useHydrated } from "#app/lib/use-hydrated";

/**
 * A small bar chart with its numbers as a table beside it (in a <details>), for people who do not
 * see the chart. Recharts is imported here only, and this file only by the dashboard, so the
 * library stays out of every public page's bundle. The chart draws once the page is interactive:
 * its size comes from the browser; the table is in the HTML from the start.
 */
export interface ChartSeries {
  key: string;
  label: string;
  colour: string;
}

/** A category's name under its bar, cut short so neighbours do not run into each other (the table has it whole). */
function shortTick(value: unknown): string {
  const text = String(value);
  return text.length > 16 ? `${text.slice(0, 15)}…` : text;
}

export function MiniChart(props: {
  title: string;
  data: readonly Record<string, string | number>[];
  /** The category of each bar (a day, an event). */
  labelKey: string;
  labelHeader: string;
  series: readonly ChartSeries[];
  stacked?: boolean;
  summary?: ReactNode;
  /** What the bars count, named on the value axis ('Seats', 'Plays'). */
  unit: string;
  /** How a number reads in the table, the tooltip and on the axis ('$60'); as it is by default. */
  format?: (value: number) => string;
}) {
  const format = props.format;
  const shown = (value: string | number | undefined) => (format && typeof value === "number" ? format(value) : value);
  const hydrated = useHydrated();
  return (
    <figure className="min-w-0">
      <figcaption className="text-sm font-semibold text-ivory">{props.title}</figcaption>
      {props.summary ? <div className="mt-1 text-sm text-sand">{props.summary}</div> : null}
      <div className="mt-3 h-40 w-full" aria-hidden="true" data-testid="chart">
        {hydrated ? (
          <BarChart data={props.data as Record<string, string | number>[]} responsive style={{ width: "100%", height: "100%" }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" stroke="#d9ccb833" vertical={false} />
            <XAxis dataKey={props.labelKey} tick={{ fill: "#b9a890", fontSize: 11 }} interval="preserveStartEnd" minTickGap={12} tickFormatter={shortTick} />
            <YAxis
              allowDecimals={false}
              width={format ? 56 : 44}
              tickFormatter={format ? (value: number) => format(value) : undefined}
              tick={{ fill: "#b9a890", fontSize: 11 }}
              label={{ value: props.unit, angle: -90, position: "insideLeft", fill: "#b9a890", fontSize: 11 }}
            />
            <Tooltip formatter={format ? (value) => (typeof value === "number" ? format(value) : String(value)) : undefined} contentStyle={{ background: "#1f1712", border: "1px solid #d9ccb855", color: "#f5ecdd" }} cursor={{ fill: "#e8b86d1a" }} />
            {props.series.map((series) => (
              <Bar key={series.key} dataKey={series.key} name={series.label} fill={series.colour} stackId={props.stacked ? "stack" : undefined} isAnimationActive={false} />
            ))}
          </BarChart>
        ) : null}
      </div>
      {/* The legend is HTML, so it reads before the chart draws and whatever the chart library does. */}
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-sand" aria-label={`Legend: ${props.title}`}>
        {props.series.map((series) => (
          <li key={series.key} className="flex items-center gap-1.5">
            <span aria-hidden="true" className="inline-block size-3 rounded-sm" style={{ background: series.colour }} />
            {series.label}
          </li>
        ))}
      </ul>
      <details className="mt-2 text-sm text-sand">
        <summary className="cursor-pointer text-amber underline-offset-4 hover:underline">{`Show the numbers: ${props.title}`}</summary>
        <table className="mt-2 w-full text-left">
          <caption className="sr-only">{props.title}</caption>
          <thead>
            <tr>
              <th scope="col" className="py-1 pr-3 font-semibold text-ivory">
                {props.labelHeader}
              </th>
              {props.series.map((series) => (
                <th key={series.key} scope="col" className="py-1 pr-3 font-semibold text-ivory">
                  {series.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {props.data.map((row) => (
              <tr key={String(row[props.labelKey])} className="border-t border-sand/10">
                <th scope="row" className="py-1 pr-3 font-normal">
                  {row[props.labelKey]}
                </th>
                {props.series.map((series) => (
                  <td key={series.key} className="py-1 pr-3 tabular-nums">
                    {shown(row[series.key])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

import type { ImportRunSummary } from "#app/modules/legacy-import";
import { formatVenueDateTime } from "#app/lib/event-dates";
import { siteConfig } from "#app/lib/site-config";

/** The setup page's list of moves from the old site: when, from where, the counts, and the report's lines. */
export function ImportRuns({ runs }: { runs: ImportRunSummary[] }) {
  return (
    <section aria-labelledby="import-runs" className="mt-10">
      <h2 id="import-runs" className="text-2xl text-ivory">
        Imports from the old site
      </h2>
      <p className="mt-2 text-sand">
        Each run of <code>npm run import:legacy -- --apply</code>, newest first. A dry run or a failed run is not listed.
      </p>
      <ul className="mt-4 space-y-4">
        {runs.map((run) => (
          <li key={run.id} aria-labelledby={`import-run-${run.id}`} className="rounded-2xl border border-ember bg-umber/80 p-5 sm:p-6">
            <h3 id={`import-run-${run.id}`} className="text-xl text-ivory">
              {formatVenueDateTime(new Date(run.finishedAt), siteConfig.venue.timeZone)}: {run.created} new {run.created === 1 ? "row" : "rows"}
            </h3>
            <p className="mt-1 break-all text-sm text-mist">From {run.source}</p>
            <div className="mt-3 overflow-x-auto">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Rows per table of the old site</caption>
                <thead className="text-mist">
                  <tr>
                    <th scope="col" className="py-1 pr-4 font-normal">Table</th>
                    <th scope="col" className="py-1 pr-4 text-right font-normal">Read</th>
                    <th scope="col" className="py-1 pr-4 text-right font-normal">New</th>
                    <th scope="col" className="py-1 pr-4 text-right font-normal">Merged</th>
                    <th scope="col" className="py-1 pr-4 text-right font-normal">Unchanged</th>
                    <th scope="col" className="py-1 text-right font-normal">Skipped</th>
                  </tr>
                </thead>
                <tbody className="text-ivory">
                  {run.tables.map((table) => (
                    <tr key={table.table} className="border-t border-ember/60">
                      <th scope="row" className="py-1 pr-4 font-normal">{table.table}</th>
                      {table.present ? (
                        [table.read, table.new, table.merged, table.unchanged, table.skipped].map((value, index) => (
                          <td key={index} className="py-1 pr-4 text-right tabular-nums">
                            {value}
                          </td>
                        ))
                      ) : (
                        <td colSpan={5} className="py-1 text-mist">Not in the source</td>
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {run.lines.length > 0 ? (
              <details className="mt-3">
                <summary className="cursor-pointer text-amber">Rows skipped or changed ({run.lines.length + run.moreLines})</summary>
                <ul className="mt-2 space-y-1 text-sm text-sand">
                  {run.lines.map((line, index) => (
                    <li key={index}>
                      <span className="text-ivory">
                        {line.table} {line.legacyId}
                      </span>
                      : {line.outcome}, {line.reason}
                    </li>
                  ))}
                  {run.moreLines > 0 ? <li>and {run.moreLines} more (the command's --json output has them all)</li> : null}
                </ul>
              </details>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

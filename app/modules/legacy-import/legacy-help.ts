import { columnsHelp } from "./legacy-columns";

/**
 * `npm run import:legacy -- --help`: the options, then every file and column from the same
 * contract the reader checks (legacy-columns), so the help cannot drift from what is enforced.
 */
const OPTIONS = [
  ["--from <url|folder>", "the old database's postgres:// URL (read in a read-only transaction), or a folder of CSV files"],
  ["--apply", "write it, in one transaction; without it a dry run that writes nothing"],
  ["--json", "the report as JSON"],
  ["--venue-time-zone Area/City", "the venue's zone: dates and times written without an offset are its clock (default: the site's)"],
  ["--default-year YYYY", "the year of an events_management.csv date written without one (default: the year of its created_at)"],
  ["--images <folder>", "where the old site's event pictures are (events_management.csv's image names files in it)"],
  ["--remove-demo", "remove the demo content in the import's transaction (--apply refuses a database that holds it without this)"],
  ["-h, --help", "this text"],
] as const;

export function helpText(usage: string): string {
  const width = Math.max(...OPTIONS.map(([option]) => option.length));
  return [
    usage,
    "",
    "Brings the old site's data over; nothing is sent, nothing is written to the old database.",
    "",
    "Options:",
    ...OPTIONS.map(([option, what]) => `  ${option.padEnd(width)}  ${what}`),
    "",
    "Exit codes: 0 done; 1 the source or the options could not be read, or a file lacks a required",
    "column (the dry run reports everything, --apply writes nothing); 2 the apply failed and was rolled back.",
    "",
    "The files: one CSV file per table of the old database, header row first, in one folder (from a",
    "database, the tables of the same names). A file that is not there is reported, not an error; an",
    "unknown column is reported and not read. * marks a required column. An example of each file:",
    "docs/legacy-sample/.",
    "",
    "Dates and times: one written with an offset (2024-03-01 10:00:00+00, as the old database exports",
    "them) is that instant; one without, and the free-text dates and times of events_management.csv,",
    "are the venue's clock (--venue-time-zone). A free-text event date without a year takes",
    "--default-year, else its created_at's year (said); any other date without a year is never",
    "guessed: it is left out, said (a required one skips its row).",
    "",
    columnsHelp(),
  ].join("\n");
}

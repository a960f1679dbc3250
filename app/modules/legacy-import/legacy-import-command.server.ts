import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { DataDirectoryInUseError, openDatabase, runMigrations } from "#app/lib/db.server";
import { InvalidEnvironmentError, parseEnv } from "#app/lib/env.server";
import { siteConfig } from "#app/lib/site-config";
import { EVENT_IMAGES } from "#app/modules/events";
import { demoContentSummary, describeDemoContent, removeDemoContentIn, type DemoContentSummary } from "#app/modules/demo/index.server";
import type { Database } from "#app/lib/db.server";
import { applyLegacyImport, IMPORT_ACTOR, planLegacyImport } from "./import-legacy.server";
import { helpText } from "./legacy-help";
import { columnLines, formatReport, missingRequiredColumns } from "./legacy-report";
import { checkSnapshotColumns, LegacySourceError, readLegacySource, type LegacySnapshot } from "./legacy-source.server";

/**
 * `npm run import:legacy -- --from <url|folder> [--apply] [--json] [--venue-time-zone Area/City]
 * [--default-year YYYY] [--images <folder>] [--remove-demo]` (`--help`: legacy-help.ts). Exit codes:
 * 0 done (or dry run done), 1 the source (or the options, or our database) could not be read, or a
 * file lacks a required column (the dry run reports it all, --apply refuses), or --apply met demo
 * content without --remove-demo (docs/decisions/052), 2 the apply failed and was rolled back.
 */
export const EXIT_OK = 0;
export const EXIT_UNREADABLE = 1;
export const EXIT_ROLLED_BACK = 2;

const USAGE =
  "Usage: npm run import:legacy -- --from <postgres://… | folder of CSV files> [--apply] [--json] [--venue-time-zone Area/City] [--default-year YYYY] [--images <folder>] [--remove-demo]";

export interface CommandOutput {
  out(text: string): void;
  err(text: string): void;
}

/**
 * What the command reads besides its arguments: the clock, and the settings that name our database
 * and uploads folder (the process's environment, as the server reads it). A test passes its own,
 * so it can run the command in its process without touching that process's environment.
 */
export interface CommandContext {
  now?: Date;
  environment?: Record<string, string | undefined>;
}

export async function runLegacyImportCommand(argv: string[], output: CommandOutput, context: CommandContext = {}): Promise<number> {
  const now = context.now ?? new Date();
  let args;
  try {
    args = parseArgs({
      args: argv,
      options: {
        help: { type: "boolean", short: "h", default: false },
        from: { type: "string" },
        apply: { type: "boolean", default: false },
        json: { type: "boolean", default: false },
        "venue-time-zone": { type: "string" },
        "default-year": { type: "string" },
        images: { type: "string" },
        "remove-demo": { type: "boolean", default: false },
      },
      strict: true,
    }).values;
  } catch (error) {
    output.err(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return EXIT_UNREADABLE;
  }
  if (args.help) {
    output.out(helpText(USAGE));
    return EXIT_OK;
  }
  if (!args.from) {
    output.err(`--from is required.\n${USAGE}`);
    return EXIT_UNREADABLE;
  }
  const timeZone = args["venue-time-zone"] ?? siteConfig.venue.timeZone;
  if (!isTimeZone(timeZone)) {
    output.err(`--venue-time-zone '${timeZone}' is not a time zone (use an Area/City name such as America/Los_Angeles).`);
    return EXIT_UNREADABLE;
  }
  const defaultYear = args["default-year"] === undefined ? undefined : Number(args["default-year"]);
  if (defaultYear !== undefined && !(Number.isInteger(defaultYear) && defaultYear >= 1900 && defaultYear <= 2200)) {
    output.err(`--default-year '${args["default-year"]}' is not a year (e.g. 2025).`);
    return EXIT_UNREADABLE;
  }

  let snapshot: LegacySnapshot | undefined;
  try {
    snapshot = await readLegacySource(args.from);
  } catch (error) {
    if (error instanceof LegacySourceError) {
      output.err(error.message);
      return EXIT_UNREADABLE;
    }
    throw error;
  }
  // A file without a required column: nothing of it can be imported, so --apply writes nothing at all.
  const refused = missingRequiredColumns(checkSnapshotColumns(snapshot));
  if (args.apply && refused.length > 0) {
    output.err(
      [
        `--apply refused: nothing was written. Required columns are missing from ${snapshot.description}:`,
        ...columnLines(refused, [], { missingOnly: true }).map((text) => `  ${text}`),
        "Add them (npm run import:legacy -- --help lists every file's columns; docs/legacy-sample/ has an example of each) and run again.",
      ].join("\n"),
    );
    return EXIT_UNREADABLE;
  }

  let env;
  let database;
  try {
    env = parseEnv(context.environment ?? process.env);
    database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  } catch (error) {
    if (error instanceof InvalidEnvironmentError || error instanceof DataDirectoryInUseError) {
      output.err(error.message);
      return EXIT_UNREADABLE;
    }
    throw error;
  }
  const scratchDir = await mkdtemp(path.join(tmpdir(), "harmonia-import-"));
  const images = {
    sourceFolder: args.images ? path.resolve(args.images) : undefined,
    uploadsDir: env.UPLOADS_DIR,
    scratchDir,
    defaultImage: EVENT_IMAGES[0].path,
  };
  try {
    await runMigrations(database);
    // Demo content never stands beside the old site's data (docs/decisions/052).
    const demo = await demoContentSummary(database.db);
    if (demo.present && args.apply && !args["remove-demo"]) {
      output.err(demoRefusal(demo));
      return EXIT_UNREADABLE;
    }
    const removeDemo = demo.present && args["remove-demo"];
    let planned = false;
    let plan;
    try {
      // With --remove-demo the plan is made, and applied, after the demo is gone, in one transaction.
      plan = await withDemoRemoved(database.db, removeDemo, args.apply, async (db) => {
        const made = await planLegacyImport(db, snapshot!, { timeZone, defaultYear, now, images });
        // The old rows are in the plan now; let them go before the writing (a large export is most of the memory).
        snapshot = undefined;
        planned = true;
        if (args.apply) await applyLegacyImport(db, made, { startedAt: now, images });
        return made;
      });
    } catch (error) {
      if (!args.apply || !planned) throw error;
      output.err(
        `The import failed and was rolled back: nothing was written to ${database.location}${removeDemo ? " (the demo content is still there)" : ""}.\n${describeFailure(error)}`,
      );
      return EXIT_ROLLED_BACK;
    }
    if (args.apply) plan.report.applied = true;
    output.out(args.json ? JSON.stringify(plan.report, null, 2) : formatReport(plan.report));
    const note = args.json ? output.err : output.out;
    if (removeDemo) note(`${args.apply ? "Removed" : "Would remove"} the demo content: ${describeDemoContent(demo).join("; ")}.`);
    else if (demo.present) note(`This database holds demo content. ${demoRefusal(demo)}`);
    if (refused.length > 0) {
      output.err(`Required columns are missing:\n${columnLines(refused, [], { missingOnly: true }).map((text) => `  ${text}`).join("\n")}`);
      return EXIT_UNREADABLE;
    }
    return EXIT_OK;
  } finally {
    await database.close();
    await rm(scratchDir, { recursive: true, force: true });
  }
}

/** Why --apply stops on a database with demo content, and what to add. */
function demoRefusal(demo: DemoContentSummary): string {
  return (
    `This database holds demo content (${describeDemoContent(demo).join("; ")}), which must not stand beside the old site's data. ` +
    "Add --remove-demo to remove it in the same transaction as the import (the dry run then shows the import without it)."
  );
}

/**
 * Runs the plan (and the apply) after removing the demo content, all in one transaction: a failed
 * apply leaves the demo as it was, and a dry run rolls the removal back. Without demo content to
 * remove, `work` runs on the database as it is.
 */
async function withDemoRemoved<T>(db: Database, removeDemo: boolean, apply: boolean, work: (db: Database) => Promise<T>): Promise<T> {
  if (!removeDemo) return work(db);
  const dryRun = { value: undefined as T | undefined };
  try {
    return await db.transaction(async (tx) => {
      await removeDemoContentIn(tx, { id: null, email: IMPORT_ACTOR });
      const value = await work(tx);
      if (apply) return value;
      dryRun.value = value;
      throw dryRun;
    });
  } catch (error) {
    if (error === dryRun) return dryRun.value as T;
    throw error;
  }
}

/** The database's own words first (a driver's wrapper often says only which query failed). */
function describeFailure(error: unknown): string {
  const messages: string[] = [];
  for (let current: unknown = error; current && messages.length < 4; current = (current as { cause?: unknown }).cause) {
    const message = current instanceof Error ? current.message : String(current);
    if (message && !message.startsWith("Failed query:")) messages.push(message);
  }
  return messages.join(" (") + ")".repeat(Math.max(0, messages.length - 1)) || "unknown error";
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return zone.includes("/") || zone === "UTC";
  } catch {
    return false;
  }
}

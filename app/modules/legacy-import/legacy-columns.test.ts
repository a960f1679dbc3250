import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { checkColumns, columnsHelp, columnsMarkdown, LEGACY_FILES, LEGACY_TABLES } from "./legacy-columns";
import { helpText } from "./legacy-help";
import { columnLines } from "./legacy-report";

/**
 * One contract, four readers: the reader's checks, `--help`, the README's tables and the sample
 * folder must all say the same. These tests fail when any of them drifts from legacy-columns.ts.
 */
const root = path.resolve(import.meta.dirname, "../../..");
const sampleFolder = path.join(root, "docs", "legacy-sample");

describe("the legacy import's column contract", () => {
  it("names every table the import reads, each once", () => {
    expect(LEGACY_FILES.map((file) => file.table)).toEqual([...LEGACY_TABLES]);
    for (const file of LEGACY_FILES) {
      const names = [...file.columns.map((column) => column.name), ...(file.notImported?.columns ?? [])];
      expect(new Set(names).size, file.file).toBe(names.length);
    }
  });

  it("the README's tables are the contract's (regenerate them from columnsMarkdown() when it changes)", () => {
    const readme = readFileSync(path.join(root, "README.md"), "utf8");
    const start = readme.indexOf("<!-- legacy-import-files:start");
    const end = readme.indexOf("<!-- legacy-import-files:end -->");
    expect(start).toBeGreaterThan(0);
    expect(end).toBeGreaterThan(start);
    const section = readme.slice(readme.indexOf("-->", start) + 3, end).trim();
    expect(section).toBe(columnsMarkdown());
  });

  it("--help prints the contract: every file, every column, required ones marked", () => {
    const help = helpText("Usage: npm run import:legacy -- --from <…>");
    expect(help).toContain(columnsHelp());
    for (const file of LEGACY_FILES) {
      expect(help).toContain(`\n${file.file}`);
      for (const column of file.columns) expect(help, `${file.file} ${column.name}`).toMatch(new RegExp(`\\n  ${column.required ? "\\*" : " "} ${column.name} `));
    }
    expect(help).toContain("events_management.csv");
    expect(help).toMatch(/Not the events' list/);
  });

  it("the sample folder has each file with exactly the contract's columns, three rows, the first being the examples", () => {
    const csvFiles = readdirSync(sampleFolder).filter((name) => name.endsWith(".csv")).sort();
    expect(csvFiles).toEqual(LEGACY_FILES.map((file) => file.file).sort());
    for (const file of LEGACY_FILES) {
      const parsed = Papa.parse<Record<string, string>>(readFileSync(path.join(sampleFolder, file.file), "utf8"), { header: true, delimiter: ",", skipEmptyLines: "greedy" });
      expect(parsed.errors, file.file).toEqual([]);
      expect(parsed.meta.fields, file.file).toEqual(file.columns.map((column) => column.name));
      expect(parsed.data, file.file).toHaveLength(3);
      for (const column of file.columns) expect(parsed.data[0]![column.name], `${file.file} ${column.name}`).toBe(column.example);
      for (const row of parsed.data) for (const column of file.columns.filter((entry) => entry.required)) expect(row[column.name], `${file.file} ${column.name}`).not.toBe("");
    }
  });

  it("names per file each unknown column and each required one missing, and what a stray name probably meant", () => {
    const check = checkColumns("events_management", "events_management.csv", ["id", "name", "date", "Location", "display_order", ""]);
    expect(check).toEqual({
      table: "events_management",
      file: "events_management.csv",
      missing: ["title"],
      unknown: ["name", "Location"],
      meant: { name: "title", Location: "location" },
    });
    expect(columnLines([check], ["Events.csv"])).toEqual([
      "events_management.csv: required column 'title' is missing (is 'name' it? then rename it 'title')",
      "events_management.csv: unknown column 'name', not read (did you mean 'title'?)",
      "events_management.csv: unknown column 'Location', not read (did you mean 'location'?)",
      "Events.csv: not a file the import reads, not read",
    ]);
    // A file with the column already: the stray one is only unknown, not a guess at it.
    expect(checkColumns("reservations", "reservations.csv", ["id", "event_id", "visitor_email", "email", "seats"]).meant).toEqual({});
    // The auth service's own columns are expected in users.csv, and not reported.
    expect(checkColumns("auth.users", "users.csv", ["instance_id", "id", "aud", "role", "email", "last_sign_in_at"])).toMatchObject({ missing: [], unknown: [] });
  });
});

// npm run report:architecture — the figures issues 25 and 36 ask for, read from the source as it is
// now: how routes reach the database, status maps, imports past a module's front door, imports of
// another module's table, relative imports leaving their unit, arrows up the layers, circles, long
// route files. Prints a table and the lists behind it; `--json` prints the same as JSON.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  importCircles,
  importsOfAnotherModulesTable,
  importsPastTheDoor,
  isTestFile,
  layerOf,
  moduleOf,
  readImportGraph,
  readTableOwners,
  relativeImportsLeavingUnit,
} from "./import-graph";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
// Tests are read for the import spelling only: they may reach anywhere else.
const everything = readImportGraph(root, { includeTests: true });
const files = everything.files.filter((file) => !isTestFile(file));
const edges = everything.edges.filter((edge) => !isTestFile(edge.from));
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

const routeFiles = files.filter((file) => file.startsWith("app/routes/"));
const usesLocator = (name: string) => routeFiles.filter((file) => new RegExp(`\\b${name}\\(`).test(read(file))).length;
// Values kept on globalThis: only the hot-reload-safe metrics registry (app/lib/singleton.server.ts) may; the
// running instance's parts reach modules as arguments (docs/decisions/062).
const globalKeepers = files.filter((file) => /^(?:app|server)\//.test(file) && file !== "app/lib/singleton.server.ts" && /\bglobalThis\b/.test(read(file)));

// A table from outcome reasons to HTTP statuses is a `statusOf`/`…Status` object literal with a
// `forbidden`, `invalid` or `not-found` key and three-digit values; one shared map counts once.
const statusMaps = files.filter((file) => /(?:\{|,)\s*(?:forbidden|invalid|"not-found"|"event-not-found")\s*:\s*(?:\{\s*status:\s*)?[1-5]\d\d\b/.test(read(file)));

const moduleFiles = files.filter((file) => moduleOf(file) !== undefined);
const pastTheDoor = importsPastTheDoor(edges);
const reachedFromOutside = new Set(pastTheDoor.map((entry) => entry.split(" → ")[1]!.replace(/ \(.*\)$/, "")));
const tableImports = importsOfAnotherModulesTable(edges, readTableOwners(root)).map((entry) => `${entry.from} → ${entry.table} (${entry.owner})`);
const leavingUnit = relativeImportsLeavingUnit(everything.imports);
const computedImports = everything.unresolved.filter((entry) => !isTestFile(entry.from)).map((entry) => `${entry.from} → import(${entry.expression})`);

const arrowsUp = edges.filter((edge) => layerOf(edge.to).rank > layerOf(edge.from).rank);
const circles = importCircles(files, edges);

const moduleNames = [...new Set(moduleFiles.map((file) => moduleOf(file)!))];
const moduleEdges = new Set(
  edges.filter((edge) => moduleOf(edge.from) && moduleOf(edge.to) && moduleOf(edge.from) !== moduleOf(edge.to)).map((edge) => `${moduleOf(edge.from)}>${moduleOf(edge.to)}`),
);
const moduleCircles = importCircles(
  moduleNames,
  [...moduleEdges].map((pair) => {
    const [from, to] = pair.split(">");
    return { from: from!, to: to!, typeOnly: false };
  }),
);

const outboxWriters = files.filter((file) => moduleOf(file) !== "messaging" && /\.(?:insert|update|delete)\(\s*outbox\b/.test(read(file)));
const longRoutes = routeFiles
  .map((file) => ({ file, lines: read(file).split("\n").length }))
  .filter((entry) => entry.lines > 250)
  .sort((a, b) => b.lines - a.lines);

const report = {
  routeFilesCalling: { getEnv: usesLocator("getEnv") },
  filesKeepingValuesOnGlobalThis: globalKeepers,
  statusMaps: statusMaps.length,
  moduleFiles: moduleFiles.length,
  moduleFilesImportedFromOutside: reachedFromOutside.size,
  crossModuleInternalImports: pastTheDoor.length,
  importsPastTheDoor: pastTheDoor,
  importsOfAnotherModulesTable: tableImports,
  relativeImportsLeavingTheirUnit: leavingUnit,
  importsByAComputedPath: computedImports,
  outboxWritersOutsideMessaging: outboxWriters,
  arrowsUp: arrowsUp.map((edge) => `${edge.from} → ${edge.to}${edge.typeOnly ? " (type)" : ""}`),
  fileCircles: circles,
  moduleCircles,
  routeFilesOver250Lines: longRoutes.map((entry) => `${entry.file} ${entry.lines}`),
};

if (process.argv.includes("--json")) {
  console.log(JSON.stringify(report, null, 2));
} else {
  const rows: [string, string | number][] = [
    ["route files calling getEnv", report.routeFilesCalling.getEnv],
    ["files besides singleton.server.ts keeping values on globalThis", report.filesKeepingValuesOnGlobalThis.length],
    ["reason → status tables", report.statusMaps],
    ["module files imported past their front door", `${report.moduleFilesImportedFromOutside} of ${report.moduleFiles}`],
    ["imports past a front door", report.crossModuleInternalImports],
    ["imports of another module's table", report.importsOfAnotherModulesTable.length],
    ["relative imports leaving their unit", report.relativeImportsLeavingTheirUnit.length],
    ["imports by a computed path", report.importsByAComputedPath.length],
    ["files outside messaging writing the outbox", report.outboxWritersOutsideMessaging.length],
    ["arrows up the layers", report.arrowsUp.length],
    ["file circles", report.fileCircles.length],
    ["module circles", report.moduleCircles.length],
    ["route files over 250 lines", report.routeFilesOver250Lines.length],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  for (const [label, value] of rows) console.log(`${label.padEnd(width)}  ${value}`);
  const details: [string, string[]][] = [
    ["status tables", statusMaps],
    ["imports past a front door", report.importsPastTheDoor],
    ["imports of another module's table", report.importsOfAnotherModulesTable],
    ["relative imports leaving their unit", report.relativeImportsLeavingTheirUnit],
    ["imports by a computed path", report.importsByAComputedPath],
    ["outbox writers", report.outboxWritersOutsideMessaging],
    ["arrows up", report.arrowsUp],
    ["file circles", report.fileCircles.map((circle) => circle.join(" ↔ "))],
    ["module circles", report.moduleCircles.map((circle) => circle.join(" ↔ "))],
    ["long route files", report.routeFilesOver250Lines],
  ];
  for (const [title, lines] of details) if (lines.length) console.log(`\n${title}:\n${lines.map((line) => `  ${line}`).join("\n")}`);
}

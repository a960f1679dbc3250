// npm run report:architecture — the figures issue 25 asks for, read from the source as it is now:
// how routes reach the database, status maps, imports past a module's front door, arrows up the
// layers, circles, long route files. Prints a table; `--json` prints the same as JSON.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { importCircles, isFrontDoor, layerOf, moduleOf, readImportGraph } from "./import-graph";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const { files, edges } = readImportGraph(root);
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

const routeFiles = files.filter((file) => file.startsWith("app/routes/"));
const usesLocator = (name: string) => routeFiles.filter((file) => new RegExp(`\\b${name}\\(`).test(read(file))).length;

// A table from outcome reasons to HTTP statuses is a `statusOf`/`…Status` object literal with a
// `forbidden`, `invalid` or `not-found` key and three-digit values; one shared map counts once.
const statusMaps = files.filter((file) => /(?:\{|,)\s*(?:forbidden|invalid|"not-found"|"event-not-found")\s*:\s*(?:\{\s*status:\s*)?[1-5]\d\d\b/.test(read(file)));

const moduleFiles = files.filter((file) => moduleOf(file) !== undefined);
const crossModuleInternal = edges.filter((edge) => {
  const target = moduleOf(edge.to);
  return target !== undefined && moduleOf(edge.from) !== target && !isFrontDoor(edge.to);
});
const reachedFromOutside = new Set(crossModuleInternal.map((edge) => edge.to));

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
  routeFilesCalling: { getDb: usesLocator("getDb"), getRuntime: usesLocator("getRuntime"), getEnv: usesLocator("getEnv") },
  statusMaps: statusMaps.length,
  moduleFiles: moduleFiles.length,
  moduleFilesImportedFromOutside: reachedFromOutside.size,
  crossModuleInternalImports: crossModuleInternal.length,
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
    ["route files calling getDb / getRuntime / getEnv", `${report.routeFilesCalling.getDb} / ${report.routeFilesCalling.getRuntime} / ${report.routeFilesCalling.getEnv}`],
    ["reason → status tables", report.statusMaps],
    ["module files imported past their front door", `${report.moduleFilesImportedFromOutside} of ${report.moduleFiles}`],
    ["imports past a front door", report.crossModuleInternalImports],
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
    ["outbox writers", report.outboxWritersOutsideMessaging],
    ["arrows up", report.arrowsUp],
    ["file circles", report.fileCircles.map((circle) => circle.join(" ↔ "))],
    ["module circles", report.moduleCircles.map((circle) => circle.join(" ↔ "))],
    ["long route files", report.routeFilesOver250Lines],
  ];
  for (const [title, lines] of details) if (lines.length) console.log(`\n${title}:\n${lines.map((line) => `  ${line}`).join("\n")}`);
}

// Which Vitest files touch the database, so the PostgreSQL pass runs only those (docs/decisions/058):
// the others (pure functions, parsers, rules, React rendering) do the same on either database, and
// the PGlite pass has already run them. A file touches the database when it, or a test helper it
// imports (tests/support, followed to any depth), opens one: it names a database helper, a test
// server, or DATABASE_URL. Read from the source each time, so a new test is classified as it is.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const DATABASE_MARKERS = ["openDatabase", "DATABASE_URL", "startTestServer", "test-database", "test-server", "createTestDatabase", "PGlite"];
const TEST_ROOTS = ["app", "server", "db", "tests/integration"];
const SPECIFIER = /(?:from|import)\s*\(?\s*["']([^"']+)["']/g;

function listTests(root, dir) {
  const full = path.join(root, dir);
  if (!existsSync(full)) return [];
  return readdirSync(full, { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : listTests(root, relative);
    return /\.test\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

/** The tests/support file a specifier names, if it names one. */
function supportFile(root, from, specifier) {
  let base;
  if (specifier.startsWith("#tests/support/")) base = specifier.slice(1);
  else if (specifier.startsWith(".") && from.startsWith("tests/")) base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  else return undefined;
  if (!base.startsWith("tests/support/")) return undefined;
  const stem = base.replace(/\.(?:js|ts)$/, "");
  return [".ts", ".js", ""].map((ext) => stem + ext).find((candidate) => existsSync(path.join(root, candidate)));
}

/** True when a file, or a support file it imports, opens a database. */
function touchesDatabase(root, file, seen = new Map()) {
  if (seen.has(file)) return seen.get(file);
  seen.set(file, false);
  const source = readFileSync(path.join(root, file), "utf8");
  let touches = DATABASE_MARKERS.some((marker) => source.includes(marker));
  for (const match of source.matchAll(SPECIFIER)) {
    if (touches) break;
    const helper = supportFile(root, file, match[1]);
    if (helper && touchesDatabase(root, helper, seen)) touches = true;
  }
  seen.set(file, touches);
  return touches;
}

export function vitestFilesByDatabase(root) {
  const all = TEST_ROOTS.flatMap((dir) => listTests(root, dir)).sort();
  const seen = new Map();
  const database = all.filter((file) => touchesDatabase(root, file, seen));
  return { database, independent: all.filter((file) => !database.includes(file)) };
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/^.*\//, ""))) {
  const { database, independent } = vitestFilesByDatabase(process.cwd());
  console.log(`${database.length} files touch the database; ${independent.length} do not:`);
  for (const file of independent) console.log(`  ${file}`);
}

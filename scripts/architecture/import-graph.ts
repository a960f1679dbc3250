// The project's own import graph, read from the source: which file imports which, by what kind of
// path. Shared by the architecture report (npm run report:architecture) and the layering test, so
// the numbers a closing note quotes and the rule a test enforces come from one reading.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

export interface ImportEdge {
  /** Importing file, relative to the project root, with forward slashes. */
  from: string;
  /** Imported file, relative to the project root. */
  to: string;
  /** True when every name is imported as a type (erased at build time, still an arrow for design). */
  typeOnly: boolean;
}

/** The folders whose files make up the application (tests and tools read them, never the reverse). */
export const SOURCE_ROOTS = ["app", "server", "db", "scripts"];

const SOURCE_FILE = /\.(?:ts|tsx|js|mjs)$/;
const IMPORT = /(?:^|[\s;])(import|export)\s+(type\s+)?(?:[^"'`;]*?\sfrom\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

function listFiles(root: string, dir: string): string[] {
  const full = path.join(root, dir);
  if (!existsSync(full)) return [];
  return readdirSync(full, { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === "node_modules" || entry.name.startsWith("+") ? [] : listFiles(root, relative);
    return SOURCE_FILE.test(entry.name) && !entry.name.endsWith(".d.ts") ? [relative] : [];
  });
}

/** True for tests and test-only helpers, which may reach anywhere. */
export function isTestFile(file: string): boolean {
  return /\.test\.tsx?$/.test(file) || file.startsWith("tests/");
}

function resolveImport(root: string, from: string, specifier: string): string | undefined {
  let base: string;
  const aliased = /^#(app|db|server|scripts|tests|bench)\//.exec(specifier);
  if (aliased) base = specifier.slice(1);
  else if (specifier.startsWith(".")) base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  else return undefined;
  const candidates = [base, ...[".ts", ".tsx", ".js", ".mjs"].map((ext) => base + ext), ...["/index.ts", "/index.tsx"].map((ext) => base + ext)];
  // A `.js` specifier in TypeScript names the `.ts` file beside it.
  if (/\.js$/.test(base)) candidates.push(base.replace(/\.js$/, ".ts"), base.replace(/\.js$/, ".tsx"));
  return candidates.find((candidate) => existsSync(path.join(root, candidate)) && statSync(path.join(root, candidate)).isFile());
}

/** Every source file under SOURCE_ROOTS (tests excluded) and every import between them. */
export function readImportGraph(root: string): { files: string[]; edges: ImportEdge[] } {
  const files = SOURCE_ROOTS.flatMap((dir) => listFiles(root, dir)).filter((file) => !isTestFile(file));
  const edges: ImportEdge[] = [];
  for (const file of files) {
    const source = readFileSync(path.join(root, file), "utf8");
    for (const match of source.matchAll(IMPORT)) {
      const specifier = match[3] ?? match[4];
      if (!specifier || specifier.includes("/+types/")) continue;
      const target = resolveImport(root, file, specifier);
      if (!target || target === file) continue;
      const clause = match[0];
      const typeOnly = Boolean(match[2]) || /^\s*import\s*\{\s*(?:type\s+[^,}]+,?\s*)+\}/.test(clause.replace(/^[\s;]/, ""));
      edges.push({ from: file, to: target, typeOnly });
    }
  }
  return { files, edges };
}

/**
 * The layer of a file, lowest first: what a file may import is its own layer or below. The
 * composition root (server/) and the tools (scripts/) sit on top; the schema at the bottom.
 */
export function layerOf(file: string): { name: string; rank: number } {
  if (file.startsWith("db/")) return { name: "db", rank: 0 };
  if (file.startsWith("app/lib/") || file.startsWith("app/content/")) return { name: "lib", rank: 1 };
  if (file.startsWith("app/modules/")) return { name: "modules", rank: 2 };
  if (file.startsWith("app/components/")) return { name: "components", rank: 3 };
  if (file.startsWith("app/routes/") || /^app\/(root|routes|entry\.server|entry\.client)\.tsx?$/.test(file)) return { name: "routes", rank: 4 };
  if (file.startsWith("server/")) return { name: "server", rank: 5 };
  return { name: "scripts", rank: 6 };
}

/** The module a file belongs to (`app/modules/<name>/…`), if any. */
export function moduleOf(file: string): string | undefined {
  return /^app\/modules\/([^/]+)\//.exec(file)?.[1];
}

/**
 * A module's front doors: what other code may import from it. A sub-folder's index
 * (`app/modules/reservations/check-in/index.ts`) is not one: it is re-exported by its module's doors.
 */
export function isFrontDoor(file: string): boolean {
  return /^app\/modules\/[^/]+\/index(?:\.server)?\.tsx?$/.test(file);
}

/** Groups of files that import each other in a circle (Tarjan's strongly connected components, size > 1). */
export function importCircles(files: string[], edges: ImportEdge[]): string[][] {
  const next = new Map<string, string[]>(files.map((file) => [file, []]));
  for (const edge of edges) next.get(edge.from)?.push(edge.to);
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, counter);
    low.set(file, counter);
    counter += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of next.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1) circles.push(component.sort());
    }
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return circles;
}

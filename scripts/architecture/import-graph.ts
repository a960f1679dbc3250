// The project's own import graph, read from the source: which file imports which, by what kind of
// path, and which names. Shared by the architecture report (npm run report:architecture) and the
// layering test, so the numbers a closing note quotes and the rules a test enforces come from one
// reading. Each file is parsed by TypeScript (not matched by a regular expression), so every import
// shape counts: `import … from`, `export … from`, `import()` (a string or a template without
// substitutions), `typeof import()`, across lines and whatever the comments between them say
// (docs/decisions/060).
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

export interface SourceImport {
  /** Importing file, relative to the project root, with forward slashes. */
  from: string;
  /** The path as written (`#app/modules/members`, `./x`, `../messaging/y`). */
  specifier: string;
  /** True when every name is imported as a type (erased at build time, still an arrow for design). */
  typeOnly: boolean;
  /** An `import()` expression: loaded on demand, a code-splitting point in the browser. */
  dynamic: boolean;
  /**
   * The names taken, as the imported file exports them: `default`, each named value, and `*` when
   * the import takes the whole file (a namespace, `export *`, an `import()` whose result is not
   * destructured). Type-only names are left out; a side-effect import takes none.
   */
  names: string[];
}

export interface ImportEdge extends SourceImport {
  /** Imported file, relative to the project root. */
  to: string;
}

/** An `import()` whose path is computed (a template with substitutions, a variable): no reader can follow it. */
export interface UnresolvedImport {
  from: string;
  /** The argument as written, e.g. `` `./pages/${name}` ``. */
  expression: string;
}

export interface ImportGraph {
  /** Every source file read, relative to the project root. */
  files: string[];
  /** Every import between two files of the project. */
  edges: ImportEdge[];
  /** Every import with a literal path, resolved or not (packages, stylesheets…). */
  imports: SourceImport[];
  unresolved: UnresolvedImport[];
}

/** The folders whose files make up the application and its tools (tests read them, never the reverse). */
export const SOURCE_ROOTS = ["app", "server", "db", "scripts", "bench"];

const SOURCE_FILE = /\.(?:ts|tsx|js|mjs)$/;

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

function parse(root: string, file: string): ts.SourceFile {
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : file.endsWith(".ts") ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  return ts.createSourceFile(file, readFileSync(path.join(root, file), "utf8"), ts.ScriptTarget.Latest, true, kind);
}

/** The names a `const { a, b: c } = await import("…")` takes; `*` when the result is used whole. */
function namesOfDynamicImport(call: ts.CallExpression): string[] {
  const awaited = ts.isAwaitExpression(call.parent) ? call.parent : undefined;
  const declaration = awaited && ts.isVariableDeclaration(awaited.parent) ? awaited.parent : undefined;
  if (!declaration || !ts.isObjectBindingPattern(declaration.name)) return ["*"];
  const names = declaration.name.elements.map((element) => {
    if (element.dotDotDotToken) return "*";
    const name = element.propertyName ?? element.name;
    return ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : "*";
  });
  return names.includes("*") ? ["*"] : names;
}

/** Every import of one file, in source order. */
export function importsOf(source: ts.SourceFile): { imports: Omit<SourceImport, "from">[]; unresolved: string[] } {
  const imports: Omit<SourceImport, "from">[] = [];
  const unresolved: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const names: string[] = [];
      // A clause that is `type` as a whole marks every name, default and namespace included, as a type.
      if (clause && !clause.isTypeOnly) {
        if (clause.name) names.push("default");
        const bindings = clause.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) names.push("*");
        if (bindings && ts.isNamedImports(bindings)) {
          for (const element of bindings.elements) if (!element.isTypeOnly) names.push((element.propertyName ?? element.name).text);
        }
      }
      imports.push({ specifier: node.moduleSpecifier.text, typeOnly: clause !== undefined && names.length === 0, dynamic: false, names });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.exportClause;
      const names = node.isTypeOnly
        ? []
        : clause && ts.isNamedExports(clause)
          ? clause.elements.filter((element) => !element.isTypeOnly).map((element) => (element.propertyName ?? element.name).text)
          : ["*"];
      imports.push({ specifier: node.moduleSpecifier.text, typeOnly: names.length === 0, dynamic: false, names });
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference) && ts.isStringLiteral(node.moduleReference.expression)) {
      imports.push({ specifier: node.moduleReference.expression.text, typeOnly: node.isTypeOnly, dynamic: false, names: node.isTypeOnly ? [] : ["*"] });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const argument = node.arguments[0];
      if (argument && (ts.isStringLiteral(argument) || ts.isNoSubstitutionTemplateLiteral(argument))) {
        imports.push({ specifier: argument.text, typeOnly: false, dynamic: true, names: namesOfDynamicImport(node) });
      } else {
        unresolved.push(argument ? argument.getText(source) : "");
      }
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      // `typeof import("…")` in a type: an arrow for design, erased at build time.
      imports.push({ specifier: node.argument.literal.text, typeOnly: true, dynamic: false, names: [] });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { imports, unresolved };
}

/**
 * Every source file under SOURCE_ROOTS and every import between them. Tests (and tests/) are left
 * out unless asked for: they may reach anywhere, but they follow the import spelling too.
 */
export function readImportGraph(root: string, options: { includeTests?: boolean } = {}): ImportGraph {
  const roots = options.includeTests ? [...SOURCE_ROOTS, "tests"] : SOURCE_ROOTS;
  const files = roots.flatMap((dir) => listFiles(root, dir)).filter((file) => options.includeTests || !isTestFile(file));
  const edges: ImportEdge[] = [];
  const imports: SourceImport[] = [];
  const unresolved: UnresolvedImport[] = [];
  for (const file of files) {
    const found = importsOf(parse(root, file));
    for (const expression of found.unresolved) unresolved.push({ from: file, expression });
    for (const entry of found.imports) {
      if (entry.specifier.includes("/+types/")) continue;
      const sourceImport = { from: file, ...entry };
      imports.push(sourceImport);
      const target = resolveImport(root, file, entry.specifier);
      if (target && target !== file) edges.push({ ...sourceImport, to: target });
    }
  }
  return { files, edges, imports, unresolved };
}

/**
 * The layer of a file, lowest first: what a file may import is its own layer or below. The
 * composition root (server/) and the tools (scripts/, bench/) sit on top; the schema at the bottom.
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
 * A module's front doors: what other code may import from it. `index.ts` (client-safe),
 * `index.server.ts` (server only), and `schemas.ts`: the forms' schemas a page loads on demand with
 * `import()`, so that they (and zod) stay out of the page's first script (docs/decisions/060). A
 * sub-folder's index (`app/modules/reservations/check-in/index.ts`) is not one: it is re-exported by
 * its module's doors (docs/decisions/064).
 */
export function isFrontDoor(file: string): boolean {
  return /^app\/modules\/[^/]+\/(?:index(?:\.server)?|schemas)\.tsx?$/.test(file);
}

/** The door for on-demand schemas, which other code may only load with `import()` (or name as a type). */
export function isLazyDoor(file: string): boolean {
  return /^app\/modules\/[^/]+\/schemas\.tsx?$/.test(file);
}

/**
 * Imports from outside a module that pass its front doors, as `from → to`: a file that is not a
 * door, or the lazy door imported eagerly (a static value import would pull the schemas into the
 * first script; the client-safe door is the one to import statically).
 */
export function importsPastTheDoor(edges: ImportEdge[]): string[] {
  return edges
    .filter((edge) => {
      const target = moduleOf(edge.to);
      if (target === undefined || moduleOf(edge.from) === target) return false;
      if (!isFrontDoor(edge.to)) return true;
      return isLazyDoor(edge.to) && !edge.dynamic && !edge.typeOnly;
    })
    .map((edge) => `${edge.from} → ${edge.to}${isFrontDoor(edge.to) ? " (static import of a lazy door)" : ""}`);
}

/**
 * The unit a path belongs to, inside which relative imports are allowed (docs/decisions/059): a
 * module (`app/modules/<name>`), a folder of app/ (`app/lib`, `app/routes`…), a folder of tests/
 * (`tests/e2e`), or a top folder (`server`, `db`, `scripts`, `bench`; app/'s own files are `app`).
 */
export function unitOf(file: string): string {
  const parts = file.split("/");
  if (parts[0] === "app" && parts[1] === "modules" && parts.length > 3) return parts.slice(0, 3).join("/");
  if ((parts[0] === "app" || parts[0] === "tests") && parts.length > 2) return parts.slice(0, 2).join("/");
  return parts[0]!;
}

/** Relative imports that leave their unit, as `from → specifier`: another unit is named by `#app/…`, `#db/…` and the like. */
export function relativeImportsLeavingUnit(imports: SourceImport[]): string[] {
  return imports
    .filter((entry) => entry.specifier.startsWith("."))
    .filter((entry) => unitOf(path.posix.normalize(path.posix.join(path.posix.dirname(entry.from), entry.specifier))) !== unitOf(entry.from))
    .map((entry) => `${entry.from} → ${entry.specifier}`);
}

/** The schema files: db/schema/<owner>.ts, each named after the module that owns its tables. */
const SCHEMA_FILE = /^db\/schema\/([^/]+)\.ts$/;

/** True when an expression is `pgTable(…)` or `pgEnum(…)`, possibly followed by calls on it (`.enableRLS()`). */
function definesTable(expression: ts.Expression): boolean {
  if (!ts.isCallExpression(expression)) return false;
  const callee = expression.expression;
  if (ts.isIdentifier(callee)) return callee.text === "pgTable" || callee.text === "pgEnum";
  return ts.isPropertyAccessExpression(callee) && definesTable(callee.expression);
}

/**
 * Who owns each table: read from db/schema (never a list by hand). Every exported `pgTable(…)` or
 * `pgEnum(…)` in db/schema/<name>.ts belongs to the module app/modules/<name>.
 */
export function readTableOwners(root: string): Map<string, string> {
  const owners = new Map<string, string>();
  for (const file of listFiles(root, "db/schema")) {
    const owner = SCHEMA_FILE.exec(file)?.[1];
    if (!owner || owner === "index") continue;
    const source = parse(root, file);
    for (const statement of source.statements) {
      if (!ts.isVariableStatement(statement) || !statement.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)) continue;
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name) && declaration.initializer && definesTable(declaration.initializer)) owners.set(declaration.name.text, owner);
      }
    }
  }
  return owners;
}

/** A value import of a table by code that does not own it. */
export interface TableImport {
  from: string;
  /** The table's (or enum's) exported name; `*` for every table at once. */
  table: string;
  /** The module that owns it (the schema file's name); `*` for every table. */
  owner: string;
}

/**
 * Value imports of a table by code that does not own it. A module uses its own tables and reaches
 * another's through that module's door. app/lib is the database's plumbing below the modules (the
 * connection takes the whole schema, the auth library's adapter the auth tables) and db/ is the
 * schema itself: both may. Everything else (routes, components, server/, scripts/, bench/) never
 * touches a table: it goes through a module's door, as routes already never call getDb. A
 * namespace import or an `import()` taken whole counts as every table (`*`). Tests may reach
 * anywhere.
 */
export function importsOfAnotherModulesTable(edges: ImportEdge[], owners: Map<string, string>): TableImport[] {
  const found = new Map<string, TableImport>();
  for (const edge of edges) {
    if (edge.typeOnly || isTestFile(edge.from) || !SCHEMA_FILE.test(edge.to)) continue;
    if (edge.from.startsWith("db/") || edge.from.startsWith("app/lib/")) continue;
    const importer = moduleOf(edge.from);
    for (const name of edge.names) {
      const owner = name === "*" ? "*" : owners.get(name);
      if (owner !== undefined && owner !== importer) found.set(`${edge.from} ${name}`, { from: edge.from, table: name, owner });
    }
  }
  return [...found.values()];
}

/** Groups of files that import each other in a circle (Tarjan's strongly connected components, size > 1). */
export function importCircles(files: string[], edges: { from: string; to: string }[]): string[][] {
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

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  importCircles,
  importsOfAnotherModulesTable,
  importsPastTheDoor,
  isFrontDoor,
  isTestFile,
  layerOf,
  moduleOf,
  readImportGraph,
  readTableOwners,
  relativeImportsLeavingUnit,
} from "#scripts/architecture/import-graph";
import { projectRoot } from "./project-root.server";

// The whole project's import graph, read from the source by TypeScript's parser
// (scripts/architecture/import-graph.ts). The layers, lowest first: db → lib (and content) →
// modules → components → routes → server → scripts and bench. A file may import its own layer or a
// lower one; type-only imports count too, since they are arrows of the design even when the build
// erases them (docs/decisions/049). Tests may reach anywhere, but spell their imports like the rest.
const everything = readImportGraph(projectRoot(), { includeTests: true });
const files = everything.files.filter((file) => !isTestFile(file));
const edges = everything.edges.filter((edge) => !isTestFile(edge.from));
const owners = readTableOwners(projectRoot());

/**
 * Lists that only shrink: a finding must be on the list, and an entry must still be found, so
 * fixing one means taking its entry off (docs/decisions/060).
 */
function expectOnlyAllowed(found: string[], allowed: string[]) {
  expect({
    "found, not on the list": found.filter((entry) => !allowed.includes(entry)),
    "on the list, no longer found (take it off)": allowed.filter((entry) => !found.includes(entry)),
  }).toEqual({ "found, not on the list": [], "on the list, no longer found (take it off)": [] });
}

/** bench/ files that still import a module's inner file (none: each door exports what its bench measures). */
const PAST_THE_DOOR_ALLOWED: [from: string, to: string, reason: string][] = [];

/** `import()` whose path is computed: nothing can tell which file it loads, so each is named here. */
const UNRESOLVED_ALLOWED: [from: string, expression: string, reason: string][] = [
  ["server/main.js", "serverBuild", "the server build: app/ through Vite in development, build/server in production"],
];

/** Value imports of another module's table, from today's reading; each goes when its module asks the owner's door instead. */
const TABLE_IMPORTS_ALLOWED: [from: string, table: string, reason: string][] = [
  ["app/modules/reservations/check-in/door-event.server.ts", "events", "today's events that have guests, in one statement with an exists over reservations"],
  ["app/modules/reservations/check-in/purge-door-taps.server.ts", "events", "the door taps of events ended a week ago, in one DELETE over a subquery of events"],
  ["app/modules/reservations/list-reservations-admin.server.ts", "events", "the reservations page's events with their counts, ordered by the past rule, in one listing query"],
  ["app/modules/reservations/reserve-seats.server.ts", "events", "findSubmittedReservation: every form submission's first, indexed statement, by the event's slug (the hot path)"],
  ["app/modules/sms/member-text-consent.server.ts", "reservations", "withdraws the text consent given with a reservation; reservations imports sms (reminders), so asking its door back would be a module circle"],
  ["app/modules/sms/sms-consent.server.ts", "reservations", "reads the numbers and text consent given with reservations; reservations imports sms (reminders), so asking its door back would be a module circle"],
  ["bench/campaign.js", "community", "fills the community with the recipients of the campaign it measures"],
  ["bench/check-in.ts", "doorTaps", "counts the taps the server stored after the sync it measures, to find any lost or doubled"],
  ["bench/check-in.ts", "reservations", "reads the arrived seats after the sync it measures, to find any tap lost or doubled"],
  ["bench/import.js", "outbox", "seeds and counts the rows around the attendee import it measures"],
  ["bench/import.js", "unsubscribes", "seeds and counts the rows around the attendee import it measures"],
  ["bench/import.js", "userProfiles", "seeds and counts the rows around the attendee import it measures"],
  ["bench/reservations.js", "events", "creates the event whose seats it measures"],
];

describe("layering", () => {
  it("reads the application's files", () => {
    // A broken reader would make every other assertion here pass vacuously.
    expect(files.length).toBeGreaterThan(300);
    expect(edges.length).toBeGreaterThan(1000);
    expect(files).toContain(path.posix.join("app", "root.tsx"));
    expect(files).toContain("bench/reservations.js");
    expect(everything.files).toContain("tests/support/test-database.ts");
    expect(owners.size).toBeGreaterThan(40);
  });

  it("has no arrow up the layers", () => {
    const upward = edges
      .filter((edge) => layerOf(edge.to).rank > layerOf(edge.from).rank)
      .map((edge) => `${edge.from} (${layerOf(edge.from).name}) → ${edge.to} (${layerOf(edge.to).name})`);
    expect(upward).toEqual([]);
  });

  it("has no circle of imports between files", () => {
    expect(importCircles(files, edges).map((circle) => circle.join(" ↔ "))).toEqual([]);
  });

  it("has no circle between modules", () => {
    const moduleEdges = edges
      .filter((edge) => moduleOf(edge.from) && moduleOf(edge.to) && moduleOf(edge.from) !== moduleOf(edge.to))
      .map((edge) => ({ from: moduleOf(edge.from)!, to: moduleOf(edge.to)! }));
    const modules = [...new Set(moduleEdges.flatMap((edge) => [edge.from, edge.to]))];
    expect(importCircles(modules, moduleEdges).map((circle) => circle.join(" ↔ "))).toEqual([]);
  });

  it("reaches a module only through its front doors (index.ts, index.server.ts, schemas.ts with import())", () => {
    expectOnlyAllowed(importsPastTheDoor(edges), PAST_THE_DOOR_ALLOWED.map(([from, to]) => `${from} → ${to}`));
  });

  it("loads nothing by a computed path", () => {
    const unresolved = everything.unresolved.filter((entry) => !isTestFile(entry.from)).map((entry) => `${entry.from} → import(${entry.expression})`);
    expectOnlyAllowed(unresolved, UNRESOLVED_ALLOWED.map(([from, expression]) => `${from} → import(${expression})`));
  });

  it("names another unit by #app/, #db/… and never by a relative path (docs/decisions/059)", () => {
    expect(relativeImportsLeavingUnit(everything.imports)).toEqual([]);
  });

  it("reads every table's owner from db/schema: each schema file is named after a module", () => {
    const modules = new Set(files.map(moduleOf).filter((name) => name !== undefined));
    expect([...new Set(owners.values())].filter((owner) => !modules.has(owner))).toEqual([]);
    expect(owners.get("events")).toBe("events");
    expect(owners.get("outbox")).toBe("messaging");
  });

  it("imports a table only in the module that owns it", () => {
    const found = importsOfAnotherModulesTable(edges, owners).map((entry) => `${entry.from} → ${entry.table}`);
    expectOnlyAllowed(found, TABLE_IMPORTS_ALLOWED.map(([from, table]) => `${from} → ${table}`));
  });
});

// Each rule against each shape an import can take, on small source trees written for the purpose.
describe("the door rules on every import shape", () => {
  const roots: string[] = [];
  afterAll(() => {
    for (const root of roots) rmSync(root, { recursive: true, force: true });
  });

  /** Two modules with their doors and their schema files, plus the files of one case. */
  function graphOf(caseFiles: Record<string, string>) {
    const root = mkdtempSync(path.join(tmpdir(), "harmonia-doors-"));
    roots.push(root);
    const tree: Record<string, string> = {
      "db/schema/index.ts": 'export * from "./members";\nexport * from "./messaging";\n',
      "db/schema/members.ts": [
        'import { pgEnum, pgTable, text } from "drizzle-orm/pg-core";',
        'export const user = pgTable("user", { id: text("id") });',
        'export const memberRole = pgEnum("member_role", ["member", "staff"]);',
        "export const NAME_MAX_LENGTH = 100;",
      ].join("\n"),
      "db/schema/messaging.ts": 'import { pgTable, text } from "drizzle-orm/pg-core";\nexport const outbox = pgTable("outbox", { id: text("id") }).enableRLS();\n',
      "app/modules/members/index.ts": 'export { rule } from "./rules";\n',
      "app/modules/members/index.server.ts": 'export { findMember } from "./find-member.server";\n',
      "app/modules/members/schemas.ts": 'export { signUpSchema } from "./rules";\n',
      "app/modules/members/rules.ts": "export const rule = 1;\nexport const other = 2;\nexport const signUpSchema = 3;\n",
      "app/modules/members/find-member.server.ts": 'import { user } from "#db/schema";\nexport const findMember = () => user;\n',
      "app/modules/messaging/index.server.ts": 'export { send } from "./send.server";\n',
      "app/modules/messaging/send.server.ts": 'import { outbox } from "#db/schema";\nexport const send = () => outbox;\n',
      "app/lib/db.server.ts": 'import * as schema from "#db/schema";\nexport const db = schema;\n',
      ...caseFiles,
    };
    for (const [file, source] of Object.entries(tree)) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), source);
    }
    const graph = readImportGraph(root, { includeTests: true });
    return {
      pastTheDoor: importsPastTheDoor(graph.edges),
      leavingUnit: relativeImportsLeavingUnit(graph.imports),
      tables: importsOfAnotherModulesTable(graph.edges, readTableOwners(root)).map((entry) => `${entry.from} → ${entry.table} (${entry.owner})`),
      unresolved: graph.unresolved.map((entry) => `${entry.from} → import(${entry.expression})`),
    };
  }

  it("finds nothing wrong in the two modules themselves", () => {
    expect(graphOf({})).toEqual({ pastTheDoor: [], leavingUnit: [], tables: [], unresolved: [] });
  });

  it("catches a relative import into a sibling module", () => {
    const found = graphOf({ "app/modules/members/notify.server.ts": 'import { send } from "../messaging/send.server";\nexport const notify = send;\n' });
    expect(found.pastTheDoor).toEqual(["app/modules/members/notify.server.ts → app/modules/messaging/send.server.ts"]);
    expect(found.leavingUnit).toEqual(["app/modules/members/notify.server.ts → ../messaging/send.server"]);
  });

  it("catches a dynamic import()", () => {
    const found = graphOf({ "app/routes/page.tsx": 'export const load = () => import("#app/modules/members/rules");\n' });
    expect(found.pastTheDoor).toEqual(["app/routes/page.tsx → app/modules/members/rules.ts"]);
  });

  it("catches a template-literal import(), and names one with substitutions as unresolved", () => {
    const found = graphOf({
      "app/components/card.tsx": [
        "export const load = () => import(`#app/modules/members/rules`);",
        "export const loadAny = (name: string) => import(`#app/modules/${name}/rules`);",
      ].join("\n"),
    });
    expect(found.pastTheDoor).toEqual(["app/components/card.tsx → app/modules/members/rules.ts"]);
    expect(found.unresolved).toEqual(["app/components/card.tsx → import(`#app/modules/${name}/rules`)"]);
  });

  it("reads bench/, which goes through the doors too", () => {
    const found = graphOf({ "bench/measure.js": 'const { rule } = await import("#app/modules/members/rules.ts");\nconsole.log(rule);\n' });
    expect(found.pastTheDoor).toEqual(["bench/measure.js → app/modules/members/rules.ts"]);
  });

  it("reads a multi-line import list with an apostrophe in a comment", () => {
    const found = graphOf({
      "app/routes/other.tsx": [
        "import {",
        "  // the member's rules: an apostrophe here once ended the reading",
        "  rule,",
        "  other,",
        '} from "#app/modules/members/rules";',
        "export const both = rule + other;",
      ].join("\n"),
    });
    expect(found.pastTheDoor).toEqual(["app/routes/other.tsx → app/modules/members/rules.ts"]);
  });

  it("lets the lazy door be loaded with import() or named as a type, never imported eagerly", () => {
    const found = graphOf({
      "app/routes/signup.tsx": [
        'import type * as Schemas from "#app/modules/members/schemas";',
        'export const load = (): Promise<typeof Schemas> => import("#app/modules/members/schemas");',
      ].join("\n"),
      "app/routes/login.tsx": 'import { signUpSchema } from "#app/modules/members/schemas";\nexport const schema = signUpSchema;\n',
    });
    expect(found.pastTheDoor).toEqual(["app/routes/login.tsx → app/modules/members/schemas.ts (static import of a lazy door)"]);
  });

  it("catches a value import of another module's table, not a type, not its own, not app/lib's", () => {
    const found = graphOf({
      "app/modules/messaging/recipients.server.ts": [
        'import { memberRole, outbox, user, NAME_MAX_LENGTH } from "#db/schema";',
        'import type { user as User } from "#db/schema";',
        'import { type user as AlsoUser } from "#db/schema";',
        "export const all = [memberRole, outbox, user, NAME_MAX_LENGTH];",
      ].join("\n"),
      "app/modules/messaging/everything.server.ts": 'import * as schema from "#db/schema";\nexport const tables = schema;\n',
      "app/routes/page.tsx": 'export const load = async () => {\n  const { user } = await import("#db/schema");\n  return user;\n};\n',
      "bench/seed.js": 'import { outbox } from "#db/schema/index.ts";\nconsole.log(outbox);\n',
    });
    expect(found.tables.sort()).toEqual([
      "app/modules/messaging/everything.server.ts → * (*)",
      "app/modules/messaging/recipients.server.ts → memberRole (members)",
      "app/modules/messaging/recipients.server.ts → user (members)",
      "app/routes/page.tsx → user (members)",
      "bench/seed.js → outbox (messaging)",
    ]);
  });

  it("catches a relative import that leaves its unit", () => {
    const found = graphOf({
      "app/lib/nonce.ts": "export const nonce = 1;\n",
      "app/routes/members/page.tsx": 'import { nonce } from "../../lib/nonce";\nimport { near } from "../near";\nexport const both = [nonce, near];\n',
      "app/routes/near.ts": "export const near = 1;\n",
      "app/root.tsx": 'import { nonce } from "./lib/nonce";\nexport const root = nonce;\n',
      "tests/e2e/visit.test.ts": 'import { helper } from "../support/helper";\nexport const visit = helper;\n',
      "tests/support/helper.ts": "export const helper = 1;\n",
      "server/start.js": 'import { inner } from "./inner/deep.js";\nexport const start = inner;\n',
      "server/inner/deep.js": 'import { top } from "../top.js";\nexport const inner = top;\n',
      "server/top.js": "export const top = 1;\n",
    });
    expect(found.leavingUnit).toEqual([
      "app/root.tsx → ./lib/nonce",
      "app/routes/members/page.tsx → ../../lib/nonce",
      "tests/e2e/visit.test.ts → ../support/helper",
    ]);
  });

  it("keeps a sub-folder's door inside its module: outside code reaches it through the module's own doors, which re-export it", () => {
    // A sub-folder (reservations/check-in, reservations/waiting-list) belongs to its module; its
    // index is what the rest of the module and the module's doors use, never a door for outsiders
    // (the lint's front-door rule refuses `#app/modules/<name>/<folder>/index` the same way).
    expect(isFrontDoor("app/modules/reservations/index.server.ts")).toBe(true);
    expect(isFrontDoor("app/modules/reservations/check-in/index.server.ts")).toBe(false);
    expect(moduleOf("app/modules/reservations/check-in/arrivals.server.ts")).toBe("reservations");
    const subDoors = files.filter((file) => /^app\/modules\/[^/]+\/.+\/index(?:\.server)?\.tsx?$/.test(file));
    expect(subDoors).toContain("app/modules/reservations/check-in/index.server.ts");
    const unexported = subDoors.filter(
      (door) => !edges.some((edge) => edge.to === door && isFrontDoor(edge.from) && moduleOf(edge.from) === moduleOf(door)),
    );
    expect(unexported).toEqual([]);
  });
});

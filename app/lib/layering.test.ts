import path from "node:path";
import { describe, expect, it } from "vitest";
import { importCircles, isFrontDoor, layerOf, moduleOf, readImportGraph } from "#scripts/architecture/import-graph";
import { projectRoot } from "./project-root.server";

// The whole application's import graph (tests excluded), read from the source. The layers, lowest
// first: db → lib (and content) → modules → components → routes → server → scripts. A file may
// import its own layer or a lower one; type-only imports count too, since they are arrows of the
// design even when the build erases them (docs/decisions/049).
const { files, edges } = readImportGraph(projectRoot());

describe("layering", () => {
  it("reads the application's files", () => {
    // A broken reader would make every other assertion here pass vacuously.
    expect(files.length).toBeGreaterThan(300);
    expect(edges.length).toBeGreaterThan(1000);
    expect(files).toContain(path.posix.join("app", "root.tsx"));
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
      .map((edge) => ({ from: moduleOf(edge.from)!, to: moduleOf(edge.to)!, typeOnly: edge.typeOnly }));
    const modules = [...new Set(moduleEdges.flatMap((edge) => [edge.from, edge.to]))];
    expect(importCircles(modules, moduleEdges).map((circle) => circle.join(" ↔ "))).toEqual([]);
  });

  it("reaches a module only through its front doors (index.ts, index.server.ts)", () => {
    // Loaded on demand (the community form, the password forms): a code-splitting point names its own file.
    const onDemand = new Set(["app/modules/community/community-signup.ts", "app/modules/members/password-auth-schemas.ts"]);
    const pastTheDoor = edges
      .filter((edge) => moduleOf(edge.to) !== undefined && moduleOf(edge.from) !== moduleOf(edge.to) && !isFrontDoor(edge.to) && !onDemand.has(edge.to))
      .map((edge) => `${edge.from} → ${edge.to}`);
    expect(pastTheDoor).toEqual([]);
  });
});

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

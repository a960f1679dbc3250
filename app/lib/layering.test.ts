import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { projectRoot } from "./project-root.server";

const libDir = path.join(projectRoot(), "app", "lib");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

// An import (static, dynamic or type-only) or a re-export whose path reaches into app/modules or app/routes.
const upwardImport = /(?:from|import)\s*\(?\s*["']((?:~\/|(?:\.\.\/)+)(?:modules|routes)\/[^"']*)["']/g;

describe("layering", () => {
  it("keeps app/lib free of imports from app/modules and app/routes", () => {
    const offenders = sourceFiles(libDir).flatMap((file) => {
      const source = readFileSync(file, "utf8");
      return [...source.matchAll(upwardImport)].map((match) => `${path.relative(libDir, file)} imports ${match[1]}`);
    });
    expect(offenders).toEqual([]);
  });
});

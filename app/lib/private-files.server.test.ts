import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { tightenPrivateFolders } from "./private-files.server";

let work: string;
const at = (...parts: string[]) => path.join(work, ...parts);
const modeOf = (file: string) => statSync(file).mode & 0o7777;

function folder(relative: string, mode: number) {
  mkdirSync(at(relative), { recursive: true });
  chmodSync(at(relative), mode);
}

function file(relative: string, mode: number) {
  writeFileSync(at(relative), "private");
  chmodSync(at(relative), mode);
}

beforeEach(() => {
  work = mkdtempSync(path.join(tmpdir(), "harmonia-private-files-"));
});

afterEach(() => {
  rmSync(work, { recursive: true, force: true });
});

describe("tightenPrivateFolders", () => {
  it("takes group and other access away at every depth, keeping the owner's, and says how much it changed", async () => {
    folder("data/base/1", 0o777);
    folder("data/global", 0o755);
    chmodSync(at("data/base"), 0o775);
    chmodSync(at("data"), 0o777);
    file("data/base/1/1259", 0o666);
    file("data/global/pg_control", 0o644);
    file("data/PG_VERSION", 0o444);
    file("data/postmaster.opts", 0o600);

    const result = await tightenPrivateFolders([{ folder: at("data"), contents: "all" }]);

    expect(result).toEqual({ folders: 4, files: 3, where: [at("data")], failed: 0, truncated: false });
    for (const name of ["data", "data/base", "data/base/1", "data/global"]) expect(modeOf(at(name)), name).toBe(0o700);
    expect(modeOf(at("data/base/1/1259"))).toBe(0o600);
    expect(modeOf(at("data/global/pg_control"))).toBe(0o600);
    // Read-only stays read-only: permissions are only ever taken away.
    expect(modeOf(at("data/PG_VERSION"))).toBe(0o400);
    expect(await tightenPrivateFolders([{ folder: at("data"), contents: "all" }])).toEqual({ folders: 0, files: 0, where: [], failed: 0, truncated: false });
  });

  it("never follows a link inside a folder", async () => {
    folder("uploads/events", 0o755);
    folder("elsewhere", 0o755);
    file("elsewhere/shared.txt", 0o644);
    symlinkSync(at("elsewhere/shared.txt"), at("uploads/events/link.webp"));
    symlinkSync(at("elsewhere"), at("uploads/linked-folder"));

    await tightenPrivateFolders([{ folder: at("uploads"), contents: "all" }]);

    expect(modeOf(at("uploads/events"))).toBe(0o700);
    expect(modeOf(at("elsewhere"))).toBe(0o755);
    expect(modeOf(at("elsewhere/shared.txt"))).toBe(0o644);
  });

  it("in a shared folder, tightens the folder and only the files it is told are ours", async () => {
    folder("backups/someone-else", 0o755);
    file("backups/harmonia-20260101T000000Z.backup", 0o644);
    file("backups/notes.txt", 0o644);
    file("backups/someone-else/harmonia-20260101T000000Z.backup", 0o644);

    const result = await tightenPrivateFolders([{ folder: at("backups"), contents: (name) => name.endsWith(".backup") }]);

    expect(result).toMatchObject({ folders: 1, files: 1, where: [at("backups")] });
    expect(modeOf(at("backups"))).toBe(0o700);
    expect(modeOf(at("backups/harmonia-20260101T000000Z.backup"))).toBe(0o600);
    expect(modeOf(at("backups/notes.txt"))).toBe(0o644);
    expect(modeOf(at("backups/someone-else"))).toBe(0o755);
    expect(modeOf(at("backups/someone-else/harmonia-20260101T000000Z.backup"))).toBe(0o644);
  });

  it("walks a folder inside one already walked whole once", async () => {
    folder("data/uploads/events", 0o755);
    file("data/uploads/events/picture.webp", 0o644);

    const result = await tightenPrivateFolders([
      { folder: at("data"), contents: "all" },
      { folder: at("data/uploads"), contents: "all" },
      { folder: at("data/backups"), contents: () => true },
    ]);

    expect(result).toEqual({ folders: 3, files: 1, where: [at("data")], failed: 0, truncated: false });
    expect(modeOf(at("data/uploads/events/picture.webp"))).toBe(0o600);
  });

  it("passes over folders that do not exist, and stops at its limit", async () => {
    folder("data", 0o777);
    for (let index = 0; index < 10; index += 1) file(`data/${index}`, 0o666);

    const result = await tightenPrivateFolders([{ folder: at("missing"), contents: "all" }, { folder: at("data"), contents: "all" }], { maxEntries: 4 });

    expect(result).toMatchObject({ folders: 1, files: 4, failed: 0, truncated: true });
    expect(modeOf(at("data"))).toBe(0o700);
  });
});

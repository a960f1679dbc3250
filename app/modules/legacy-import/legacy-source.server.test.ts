import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readLegacySource } from "./legacy-source.server";

/** A CSV cell as an export writes it: quoted, its quotes doubled. */
const quoted = (value: string) => `"${value.replaceAll('"', '""')}"`;

describe("reading the old site's CSV export", () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), "harmonia-legacy-source-"));
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it("reads hostile cells (100 KB of one character, nested quotes, quotes only) as they were written", async () => {
    const cells = {
      long: "a".repeat(100_000),
      quotes: '"'.repeat(100_000),
      nested: `He said "she said ""hi, ${'"'.repeat(3)}there""" twice"`,
      lines: "one,\ntwo\r\nthree",
      spaces: " ".repeat(100_000),
    };
    const lines = [
      "id,name,email,phone,interest,created_at",
      `1,${quoted(cells.long)},a@example.com,,piano,2024-02-10T18:00:00Z`,
      `2,${quoted(cells.quotes)},b@example.com,,piano,`,
      `3,${quoted(cells.nested)},c@example.com,${quoted(cells.lines)},piano,`,
      `4,${quoted(cells.spaces)},d@example.com,,,`,
    ];
    await writeFile(path.join(folder, "community.csv"), lines.join("\n"), "utf8");
    const snapshot = await readLegacySource(folder);
    const rows = snapshot.tables.community!;
    expect(rows.map((row) => [row.id, row.name?.length, row.email])).toEqual([
      ["1", 100_000, "a@example.com"],
      ["2", 100_000, "b@example.com"],
      ["3", cells.nested.length, "c@example.com"],
      ["4", 100_000, "d@example.com"],
    ]);
    expect(rows[0]!.name).toBe(cells.long);
    expect(rows[1]!.name).toBe(cells.quotes);
    expect(rows[2]).toMatchObject({ name: cells.nested, phone: cells.lines, created_at: null });
    expect(rows[3]).toMatchObject({ name: cells.spaces, interest: null });
  });
});

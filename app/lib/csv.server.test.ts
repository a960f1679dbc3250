import { describe, expect, it } from "vitest";
import { toCsv } from "./csv.server";

describe("toCsv", () => {
  const columns = [
    { header: "Name", value: (row: { name: string; at?: Date }) => row.name },
    { header: "When", value: (row: { name: string; at?: Date }) => row.at },
  ];

  it("writes a header row and one line per row, quoting commas and quotes", () => {
    expect(toCsv([{ name: 'Ann, "Annie"', at: new Date("2026-01-02T03:04:05Z") }], columns)).toBe(
      'Name,When\r\n"Ann, ""Annie""",2026-01-02T03:04:05.000Z',
    );
  });

  it.each(["=HYPERLINK(\"http://x\")", "+1+2", "-2+3", "@SUM(A1)"])("escapes a cell starting like a formula: %s", (name) => {
    const line = toCsv([{ name }], columns).split("\r\n")[1]!;
    expect(line.startsWith("\"'") || line.startsWith("'")).toBe(true);
  });

  it("leaves empty values empty", () => {
    expect(toCsv([{ name: "Bo" }], columns).split("\r\n")[1]).toBe("Bo,");
  });
});

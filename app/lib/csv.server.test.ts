import { describe, expect, it } from "vitest";
import { formulaSafe, toCsv } from "./csv.server";

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
    expect(line.startsWith("\"'")).toBe(true);
  });

  it.each([
    ["=HYPERLINK(\"http://x\")\nAda", "'=HYPERLINK"],
    ["@SUM(A1)\r\nx", "'@SUM"],
    ["\n=1+1", "'\n=1+1"],
    [" =1+1", "' =1+1"],
    ["\tTab", "'\tTab"],
    ["\rReturn", "'\rReturn"],
    ["＝HYPERLINK(1)", "'＝HYPERLINK"],
    ["＋1", "'＋1"],
    ["－1", "'－1"],
    ["＠A1", "'＠A1"],
  ])("escapes a formula-like start also when a line break or blank is around it: %j", (name, start) => {
    const cell = toCsv([{ name }], columns).split("\r\n").slice(1).join("\r\n");
    expect(cell.replace(/^"/, "").startsWith(start)).toBe(true);
  });

  it("leaves text that merely contains a sign, and numbers, as they are", () => {
    expect(formulaSafe("Ada = Lovelace")).toBe("Ada = Lovelace");
    const numbers = [{ header: "Donation", value: (row: { donation: number }) => row.donation }];
    expect(toCsv([{ donation: -5 }], numbers).split("\r\n")[1]).toBe("-5");
  });

  it("leaves empty values empty", () => {
    expect(toCsv([{ name: "Bo" }], columns).split("\r\n")[1]).toBe("Bo,");
  });
});

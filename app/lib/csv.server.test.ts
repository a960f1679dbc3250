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

  // Issue 34: an invisible character in front hid the formula from the check, not from the spreadsheet.
  it.each([
    ["zero width space", "\u200B=HYPERLINK(\"http://x\")"],
    ["zero width non-joiner", "\u200C+1"],
    ["zero width joiner", "\u200D-1"],
    ["word joiner", "\u2060@SUM(A1)"],
    ["byte order mark", "\uFEFF=1+1"],
    ["soft hyphen", "\u00AD=1+1"],
    ["left-to-right mark and a variation selector", "\u200E\uFE0F=1+1"],
    ["a tag character (outside the BMP)", "\u{E0041}=1+1"],
    ["blanks and invisibles mixed", " \u200B\n\u2060 =1"],
    ["small equals sign", "\uFE66HYPERLINK(1)"],
    ["full-width equals sign after a zero width space", "\u200B\uFF1D1"],
    ["small plus sign", "\uFE62 1"],
    ["full-width plus sign", "\uFF0B1"],
    ["small hyphen-minus", "\uFE631"],
    ["full-width hyphen-minus", "\uFF0D1"],
    ["full-width commercial at", "\uFF20A1"],
    ["small commercial at", "\uFE6BA1"],
  ])("escapes a formula whose first visible character follows invisible ones: %s", (_name, text) => {
    expect(formulaSafe(text)).toBe(`'${text}`);
    const line = toCsv([{ name: text }], columns).split("\r\n").slice(1).join("\r\n");
    expect(line.startsWith(`"'${text.slice(0, 1)}`)).toBe(true);
  });

  it.each(["\u200BAda", "\uFEFFName", "\u00ADhyphen-ated", "\u200B", "Ada \u200B= Lovelace", "\u200B\u2060"])(
    "leaves text whose first visible character is no formula as it is: %j",
    (text) => {
      expect(formulaSafe(text)).toBe(text);
    },
  );

  it("reads a long run of invisible characters once (no backtracking)", () => {
    const invisible = "\u200B".repeat(100_000);
    expect(formulaSafe(`${invisible}x`)).toBe(`${invisible}x`);
    expect(formulaSafe(`${invisible}=1`)).toBe(`'${invisible}=1`);
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

import { describe, expect, it } from "vitest";
import { greetingName, nameProblem } from "./greeting-name";

describe("greetingName", () => {
  it("is the first word of the name as stored, else 'friend'", () => {
    expect(greetingName("  Maya  Lopez ")).toBe("Maya");
    expect(greetingName("Zoë\tDurand")).toBe("Zoë");
    expect(greetingName("J.R. Smith")).toBe("J.R.");
    expect(greetingName("O'Brien-Smith")).toBe("O'Brien-Smith");
    expect(greetingName("")).toBe("friend");
    expect(greetingName("   ")).toBe("friend");
    expect(greetingName(null)).toBe("friend");
    expect(greetingName(undefined)).toBe("friend");
  });

  it.each([
    "http://evil.example",
    "evil.com",
    "a@b.co",
    "HTTPS://x",
    "www.evil",
    "Visit.Example now",
    "evil.com/path",
    "x/y",
    "a\\b",
    "evil。com",
    "evil．com",
    "user＠example",
    "mailto:a@b",
  ])("%s becomes friend: a first word that reads as a link or an address", (name) => {
    expect(greetingName(name)).toBe("friend");
  });

  it("uses a name whose link is not its first word (only the first word is ever used)", () => {
    expect(greetingName("Ada http://evil.example")).toBe("Ada");
  });

  it("refuses a first word too long to be a name, and looks at no more than the start of a huge one", () => {
    expect(greetingName("x".repeat(41))).toBe("friend");
    expect(greetingName("x".repeat(40))).toBe("x".repeat(40));
    expect(greetingName(`${"a".repeat(1_000_000)}.com`)).toBe("friend");
    expect(greetingName(`${" ".repeat(1_000_000)}Ada`)).toBe("friend");
  });
});

describe("nameProblem", () => {
  it("is null for names, also hyphenated, dotted and accented ones", () => {
    for (const name of ["Maya Lopez", "J.R. Smith", "O'Brien-Smith", "Zoë", "Mary Ann", "", null, undefined]) expect(nameProblem(name)).toBeNull();
  });

  it.each(["Ada http://evil.example", "Visit evil.com", "Ada www.x", "bob@example.com", "Ann x/y"])("%s reads as a link", (name) => {
    expect(nameProblem(name)).toBe("link");
  });

  it.each(["=HYPERLINK(\"http://x\",\"hi\")", "+1 555", "@SUM(A1)", "-2+3", "\u200b=1", " ＝cmd"])("%j starts like a formula", (name) => {
    expect(nameProblem(name)).toBe("formula");
  });

  it("greets a first word that starts like a formula as 'friend'", () => {
    expect(greetingName("=cmd Smith")).toBe("friend");
  });
});

import { describe, expect, it } from "vitest";
import { normaliseAddress } from "./normalise-address";

describe("normaliseAddress", () => {
  it.each([
    ["Ada@Example.com", "ada@example.com"],
    ["  ada@example.com  ", "ada@example.com"],
    ["ada+news@example.com", "ada@example.com"],
    ["ada+one+two@example.com", "ada@example.com"],
    ["a.d.a@example.com", "a.d.a@example.com"],
    ["A.D.A+x@Gmail.com", "ada@gmail.com"],
    ["a.da@googlemail.com", "ada@gmail.com"],
  ])("reads %s as %s", (typed, normalised) => {
    expect(normaliseAddress(typed)).toBe(normalised);
  });

  it("keeps a local part that only a tag would leave empty", () => {
    expect(normaliseAddress("+tag@example.com")).toBe("+tag@example.com");
  });

  it("leaves text without an @ lower-cased and trimmed", () => {
    expect(normaliseAddress(" Not-An-Address ")).toBe("not-an-address");
  });
});

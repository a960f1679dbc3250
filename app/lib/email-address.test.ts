import { describe, expect, it } from "vitest";
import { distinctEmailAddresses, normaliseEmailAddress, sameEmailAddress } from "./email-address";

describe("normaliseEmailAddress", () => {
  it("trims and lower-cases the whole address", () => {
    expect(normaliseEmailAddress(" Ada.Lovelace@Example.COM ")).toBe("ada.lovelace@example.com");
    expect(normaliseEmailAddress("\tADA@EXAMPLE.COM\n")).toBe("ada@example.com");
  });

  it("keeps a +tag and the dots of the local part: those are other addresses", () => {
    expect(normaliseEmailAddress("Ada+News@Gmail.com")).toBe("ada+news@gmail.com");
    expect(normaliseEmailAddress("a.d.a@gmail.com")).toBe("a.d.a@gmail.com");
  });

  it("is idempotent", () => {
    const once = normaliseEmailAddress("  Mixed.Case@Example.Org ");
    expect(normaliseEmailAddress(once)).toBe(once);
  });

  it("leaves blank input blank", () => {
    expect(normaliseEmailAddress("   ")).toBe("");
  });
});

describe("sameEmailAddress", () => {
  it("is true for every spelling of one address and false for another address", () => {
    expect(sameEmailAddress("Ada.Lovelace@Example.COM", " ada.lovelace@example.com ")).toBe(true);
    expect(sameEmailAddress("ada@example.com", "ada+x@example.com")).toBe(false);
  });
});

describe("distinctEmailAddresses", () => {
  it("keeps each address once, normalised, in first-seen order, without blanks", () => {
    expect(distinctEmailAddresses(["B@x.org", " ", "a@x.org", " b@X.ORG "])).toEqual(["b@x.org", "a@x.org"]);
  });
});

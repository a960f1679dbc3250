import { describe, expect, it } from "vitest";
import { firstNameOf } from "./first-name";

describe("firstNameOf", () => {
  it("takes the first word of the profile's full name first", () => {
    expect(firstNameOf({ fullName: "  Maya Lindqvist ", name: "M. L.", email: "maya@example.com" })).toBe("Maya");
  });

  it("falls back to the account name, then the e-mail's local part, then 'friend'", () => {
    expect(firstNameOf({ fullName: "   ", name: "Daniel Okafor", email: "d@example.com" })).toBe("Daniel");
    expect(firstNameOf({ fullName: null, name: "", email: "sofia.brennan@example.com" })).toBe("sofia.brennan");
    expect(firstNameOf({ email: "@example.com" })).toBe("friend");
    expect(firstNameOf({})).toBe("friend");
  });
});

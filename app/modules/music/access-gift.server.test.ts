import { describe, expect, it } from "vitest";
import { accessGiftToken, isAccessGiftFor } from "./access-gift.server";

const secret = "a-test-secret-of-enough-length-for-hmac";

describe("the access gift token", () => {
  it("counts for the address it was made for, in any case", () => {
    const token = accessGiftToken(secret, "Ana@Example.com");
    expect(isAccessGiftFor(secret, "ana@example.com", token)).toBe(true);
  });

  it("counts for no other address, secret or altered token", () => {
    const token = accessGiftToken(secret, "ana@example.com");
    expect(isAccessGiftFor(secret, "bob@example.com", token)).toBe(false);
    expect(isAccessGiftFor("another-secret-of-enough-length-for-hmac", "ana@example.com", token)).toBe(false);
    const altered = `${token[0] === "A" ? "B" : "A"}${token.slice(1)}`;
    expect(isAccessGiftFor(secret, "ana@example.com", altered)).toBe(false);
    expect(isAccessGiftFor(secret, "ana@example.com", null)).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { groupTicketCode, hashTicketCodeInBrowser, normaliseTicketCode } from "./ticket-code";
import { readTicketCode, ticketCode, ticketHash } from "./ticket-code.server";

describe("ticket codes", () => {
  const secret = "a-signing-secret-of-enough-length-0123456789";
  const ref = "0f1e2d3c4b5a";

  it("signs a reference into 16 characters the server reads back, and nothing else", () => {
    const code = ticketCode(secret, ref);
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/);
    expect(readTicketCode(secret, code)).toBe(ref);
    // As a person types it: grouped, lower case, O for 0, hyphens.
    expect(readTicketCode(secret, groupTicketCode(code).toLowerCase().replaceAll("0", "o").replaceAll(" ", "-"))).toBe(ref);
    // Another server's signature, one altered character, a different length, not a code at all.
    expect(readTicketCode("another-secret-of-enough-length-0123456789", code)).toBeNull();
    const altered = code.slice(0, 5) + (code[5] === "A" ? "B" : "A") + code.slice(6);
    expect(readTicketCode(secret, altered)).toBeNull();
    expect(readTicketCode(secret, code.slice(1))).toBeNull();
    expect(readTicketCode(secret, "https://example.com/")).toBeNull();
    expect(normaliseTicketCode("x".repeat(100_000))).toBeNull();
  });

  it("gives the browser and the server the same hash of a code", async () => {
    const code = ticketCode(secret, ref);
    expect(await hashTicketCodeInBrowser(code)).toBe(ticketHash(code));
  });
});

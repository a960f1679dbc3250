import { describe, expect, it } from "vitest";
import { bcryptCost, MAX_BCRYPT_COST } from "./bcrypt-hash";

const body = "abcdefghijklmnopqrstuu" + "./0123456789ABCDEFGHIJKLMNOPQRS"; // 22 of salt + 31 of hash

describe("a bcrypt hash's cost", () => {
  it("is the two digits after the prefix, for each prefix", () => {
    expect(body).toHaveLength(53);
    expect(bcryptCost(`$2a$10$${body}`)).toBe(10);
    expect(bcryptCost(`$2b$04$${body}`)).toBe(4);
    expect(bcryptCost(`$2y$15$${body}`)).toBe(15);
    expect(bcryptCost(`$2b$31$${body}`)).toBe(31);
    expect(MAX_BCRYPT_COST).toBe(14);
  });

  it("is null for anything else, however long", () => {
    expect(bcryptCost(`$2x$10$${body}`)).toBeNull();
    expect(bcryptCost(`$2b$1a$${body}`)).toBeNull();
    expect(bcryptCost(`$2b$10$${body.slice(1)}!`)).toBeNull();
    expect(bcryptCost(`$2b$10$${body}x`)).toBeNull();
    expect(bcryptCost("$argon2id$v=19$m=65536,t=3,p=4$c29tZXNhbHQ$RdescudvJCsgt3ub+b+dWRWJTmaaJObG")).toBeNull();
    expect(bcryptCost("$".repeat(100_000))).toBeNull();
    expect(bcryptCost(`$2b$10$${"a".repeat(100_000)}`)).toBeNull();
    expect(bcryptCost("")).toBeNull();
  });
});

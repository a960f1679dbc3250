import { describe, expect, it } from "vitest";
import { orElse } from "./or-else";

describe("orElse", () => {
  it("goes on with the fallback when the promise fails, and leaves a success alone", async () => {
    expect(await Promise.reject(new Error("refused")).catch(orElse("fallback", "a test's expected failure"))).toBe("fallback");
    expect(await Promise.resolve("value").catch(orElse("fallback", "a test's expected failure"))).toBe("value");
  });
});

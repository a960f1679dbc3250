import { describe, expect, it } from "vitest";
import { retryDelaySeconds } from "./outbox.server";

describe("retryDelaySeconds", () => {
  it("doubles from the base delay after each failure", () => {
    expect([1, 2, 3, 4].map((attempts) => retryDelaySeconds(attempts, 15))).toEqual([15, 30, 60, 120]);
  });

  it("never waits more than an hour", () => {
    expect(retryDelaySeconds(20, 15)).toBe(3600);
  });
});

import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "#app/lib/db.server";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { consumeRateLimit, consumeRateLimits, pruneRateLimits, spendBudget } from "./rate-limit.server";

describe("database-backed rate limits", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.dispose());

  it("allows the limit within a window, then says how long to wait", async () => {
    const rule = { limit: 3, windowSeconds: 60 };
    const outcomes = [];
    for (let attempt = 0; attempt < 5; attempt += 1) outcomes.push(await consumeRateLimit(database.handle.db, "test:window", rule));
    expect(outcomes.slice(0, 3)).toEqual([{ allowed: true }, { allowed: true }, { allowed: true }]);
    expect(outcomes[3]).toMatchObject({ allowed: false });
    const refusal = outcomes[4] as { allowed: false; retryAfterSeconds: number };
    expect(refusal.retryAfterSeconds).toBeGreaterThan(0);
    expect(refusal.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it("starts a new window once the old one has ended", async () => {
    const { db } = database.handle;
    const rule = { limit: 1, windowSeconds: 60 };
    await consumeRateLimit(db, "test:expired", rule);
    expect((await consumeRateLimit(db, "test:expired", rule)).allowed).toBe(false);
    await db.execute(sql`UPDATE rate_limits SET window_started_at = now() - interval '2 minutes' WHERE key = 'test:expired'`);
    expect((await consumeRateLimit(db, "test:expired", rule)).allowed).toBe(true);
  });

  it("forgets counters untouched for a day and keeps the rest", async () => {
    const { db } = database.handle;
    await consumeRateLimit(db, "test:stale", { limit: 5, windowSeconds: 60 });
    await db.execute(sql`UPDATE rate_limits SET window_started_at = now() - interval '25 hours' WHERE key = 'test:stale'`);
    expect(await pruneRateLimits(db)).toBe(1);
    const keys = await queryRows<{ key: string }>(db, sql`SELECT key FROM rate_limits ORDER BY key`);
    expect(keys.map((row) => row.key)).toEqual(["test:expired", "test:window"]);
  });

  it("counts every counter, scales the limits and refuses with the longest wait", async () => {
    const { db } = database.handle;
    const counters = [
      { key: "test:many:short", rule: { limit: 1, windowSeconds: 60 } },
      { key: "test:many:long", rule: { limit: 1, windowSeconds: 3600 } },
    ];
    expect(await consumeRateLimits(db, counters, 2)).toEqual({ allowed: true });
    expect(await consumeRateLimits(db, counters, 2)).toEqual({ allowed: true });
    const refusal = await consumeRateLimits(db, counters, 2);
    expect(refusal.allowed).toBe(false);
    expect((refusal as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(60);
    const counts = await queryRows<{ key: string; count: number }>(db, sql`SELECT key, count FROM rate_limits WHERE key LIKE 'test:many:%' ORDER BY key`);
    expect(counts).toEqual([
      { key: "test:many:long", count: 3 },
      { key: "test:many:short", count: 3 },
    ]);
  });

  describe("budgets", () => {
    const rule = { limit: 10, windowSeconds: 24 * 60 * 60 };

    it("spends costs while they fit; a spend that would pass the budget is refused and counts nothing", async () => {
      const { db } = database.handle;
      expect((await spendBudget(db, { key: "test:budget", rule }, 4)).allowed).toBe(true);
      expect((await spendBudget(db, { key: "test:budget", rule }, 4)).allowed).toBe(true);
      const refused = await spendBudget(db, { key: "test:budget", rule }, 3);
      expect(refused).toMatchObject({ allowed: false, remaining: 2 });
      expect((refused as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(24 * 60 * 60 - 60);
      expect((await spendBudget(db, { key: "test:budget", rule }, 2)).allowed).toBe(true);
      expect(await spendBudget(db, { key: "test:budget", rule }, 1)).toMatchObject({ allowed: false, remaining: 0 });
    });

    it("refuses a single cost above the whole budget, scales with the multiplier, and gives back what was spent", async () => {
      const { db } = database.handle;
      expect(await spendBudget(db, { key: "test:budget-big", rule }, 11)).toMatchObject({ allowed: false, remaining: 10 });
      expect((await spendBudget(db, { key: "test:budget-scaled", rule }, 11, 2)).allowed).toBe(true);
      const spent = await spendBudget(db, { key: "test:budget-back", rule }, 10);
      if (!spent.allowed) throw new Error("refused");
      await spent.giveBack();
      expect((await spendBudget(db, { key: "test:budget-back", rule }, 10)).allowed).toBe(true);
    });

    it("never lets parallel spends pass the budget together", async () => {
      const { db } = database.handle;
      const outcomes = await Promise.all(Array.from({ length: 8 }, () => spendBudget(db, { key: "test:budget-race", rule }, 3)));
      expect(outcomes.filter((outcome) => outcome.allowed)).toHaveLength(3);
    });
  });
});

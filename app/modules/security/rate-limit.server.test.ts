import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "#app/lib/db.server";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { consumeRateLimit, consumeRateLimits, pruneRateLimits, spendBudget, spendBudgetAndCount } from "./rate-limit.server";

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

  describe("a spend and an attempt in one statement", () => {
    const budgetRule = { limit: 4, windowSeconds: 24 * 60 * 60 };
    const attemptRule = { limit: 2, windowSeconds: 60 };
    const countOf = async (key: string) =>
      Number((await queryRows<{ count: number }>(database.handle.db, sql`SELECT count FROM rate_limits WHERE key = ${key}`))[0]?.count ?? 0);

    it("counts the attempt only when the spend went through, and refuses past either limit as two calls would", async () => {
      const { db } = database.handle;
      const budget = (cost: number) => ({ counter: { key: "test:both-budget", rule: budgetRule }, cost });
      const attempts = [{ key: "test:both-client", rule: attemptRule }, { key: "test:both-address", rule: { limit: 5, windowSeconds: 60 } }];

      const first = await spendBudgetAndCount(db, budget(3), attempts);
      expect(first.budget.allowed).toBe(true);
      expect(first.attempt).toEqual({ allowed: true });
      expect([await countOf("test:both-budget"), await countOf("test:both-client"), await countOf("test:both-address")]).toEqual([3, 1, 1]);

      // Over the budget: refused with what is left, and no attempt counted.
      const overBudget = await spendBudgetAndCount(db, budget(2), attempts);
      expect(overBudget.budget).toMatchObject({ allowed: false, remaining: 1 });
      expect(overBudget.attempt).toBeUndefined();
      expect([await countOf("test:both-budget"), await countOf("test:both-client")]).toEqual([3, 1]);

      // Within the budget, then past the attempts' limit: the spend stands until given back.
      expect((await spendBudgetAndCount(db, budget(0), attempts)).attempt).toEqual({ allowed: true });
      const overLimit = await spendBudgetAndCount(db, budget(1), attempts);
      expect(overLimit.attempt).toMatchObject({ allowed: false });
      expect(await countOf("test:both-budget")).toBe(4);
      if (!overLimit.budget.allowed) throw new Error("the budget refused");
      await overLimit.budget.giveBack();
      expect(await countOf("test:both-budget")).toBe(3);
    });

    it("never lets parallel spends pass the budget together, and counts an attempt for each spend that went through", async () => {
      const { db } = database.handle;
      const outcomes = await Promise.all(
        Array.from({ length: 8 }, () => spendBudgetAndCount(db, { counter: { key: "test:both-race", rule: budgetRule }, cost: 2 }, [{ key: "test:both-race-client", rule: { limit: 100, windowSeconds: 60 } }])),
      );
      expect(outcomes.filter((outcome) => outcome.budget.allowed)).toHaveLength(2);
      expect(await countOf("test:both-race-client")).toBe(2);
    });
  });
});

import PgBoss from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { waitFor } from "#tests/support/wait-for";
import { defineJob } from "./define-job";
import { startJobRunner, type JobRunner } from "./job-runner.server";

const SCHEMA = "pgboss_runner_test";

describe("the job runner", () => {
  let database: TestDatabase;
  let runner: JobRunner;
  // A second pg-boss client on the same tables, to look at jobs and to queue what the runner would refuse.
  let inspector: PgBoss;

  const greeted: string[] = [];
  const greet = defineJob({
    name: "test-greet",
    payload: z.object({ name: z.string().trim().min(1) }),
    pollingIntervalSeconds: 1,
    async handler({ name }) {
      greeted.push(name);
    },
  });

  const attempts = new Map<string, number>();
  const flaky = defineJob({
    name: "test-flaky",
    payload: z.object({ key: z.string(), failures: z.number().int() }),
    retry: { limit: 2, delaySeconds: 1, backoff: true },
    pollingIntervalSeconds: 1,
    async handler({ key, failures }) {
      const attempt = (attempts.get(key) ?? 0) + 1;
      attempts.set(key, attempt);
      if (attempt <= failures) throw new Error(`attempt ${attempt} of ${key} failed`);
    },
  });

  const tick = defineJob({
    name: "test-tick",
    payload: z.object({}),
    schedule: "*/5 * * * *",
    policy: "singleton",
    async handler() {},
  });

  beforeAll(async () => {
    database = await createTestDatabase();
    runner = await startJobRunner({ handle: database.handle, jobs: [greet, flaky, tick], schema: SCHEMA });
    inspector = new PgBoss({ db: { executeSql: database.handle.executeSql }, schema: SCHEMA, supervise: false, schedule: false });
    await inspector.start();
  });
  afterAll(async () => {
    await inspector?.stop({ graceful: false, wait: true });
    await runner?.stop();
    await database?.dispose();
  });

  const jobsOf = async (name: string) => {
    const rows = await database.handle.executeSql(
      `SELECT id, state, data, retry_count, retry_limit, retry_delay, retry_backoff, output FROM ${SCHEMA}.job WHERE name = $1`,
      [name],
    );
    return rows.rows as Array<{
      id: string;
      state: string;
      data: Record<string, unknown>;
      retry_count: number;
      retry_limit: number;
      retry_delay: number;
      retry_backoff: boolean;
      output: { message?: string } | null;
    }>;
  };

  it("runs a definition's handler with the payload its schema parsed", async () => {
    await runner.send(greet, { name: "  Ada  " });
    await waitFor(() => greeted.includes("Ada"), 20_000);
    expect(greeted).toEqual(["Ada"]);
  });

  it("refuses to queue a payload its schema rejects, and a job it does not run", async () => {
    await expect(runner.send(greet, { name: "   " })).rejects.toThrow();
    const stranger = defineJob({ name: "test-stranger", payload: z.object({ n: z.number() }), async handler() {} });
    await expect(runner.send(stranger, { n: 1 })).rejects.toThrow("The job test-stranger is not registered");
    expect((await jobsOf("test-greet")).filter((job) => job.data.name !== "Ada")).toEqual([]);
  });

  it("fails a job whose payload is invalid without stopping the worker", async () => {
    const badId = await inspector.send("test-greet", { name: 42 }, { retryLimit: 0 });
    await runner.send(greet, { name: "Grace" });
    await waitFor(() => greeted.includes("Grace"), 20_000);
    const bad = await waitFor(async () => (await jobsOf("test-greet")).find((job) => job.id === badId && job.state === "failed"), 20_000);
    expect(bad.output?.message).toMatch(/^Invalid payload for test-greet: name: /);
    expect(greeted).toEqual(["Ada", "Grace"]);
  });

  it("retries a failing job by the definition's policy, with back-off", async () => {
    await runner.send(flaky, { key: "recovers", failures: 2 });
    const done = await waitFor(async () => (await jobsOf("test-flaky")).find((job) => job.data.key === "recovers" && job.state === "completed"), 30_000);
    expect(attempts.get("recovers")).toBe(3);
    expect(done).toMatchObject({ retry_count: 2, retry_limit: 2, retry_delay: 1, retry_backoff: true });

    await runner.send(flaky, { key: "gives-up", failures: 10 });
    const failed = await waitFor(async () => (await jobsOf("test-flaky")).find((job) => job.data.key === "gives-up" && job.state === "failed"), 30_000);
    // The first attempt and the two retries, then no more.
    expect(attempts.get("gives-up")).toBe(3);
    expect(failed.output?.message).toBe("attempt 3 of gives-up failed");
  });

  it("schedules the jobs that have a cron expression", async () => {
    const schedules = await inspector.getSchedules();
    expect(schedules.map((schedule) => [schedule.name, schedule.cron])).toEqual([["test-tick", "*/5 * * * *"]]);
    expect(await runner.isHealthy()).toBe(true);
  });

  it("refuses two jobs of one name", async () => {
    await expect(startJobRunner({ handle: database.handle, jobs: [greet, { ...greet }], schema: SCHEMA })).rejects.toThrow(
      "Two jobs are named test-greet",
    );
  });
});

import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "#tests/support/smtp-sink";
import { createEmptyDatabase, dropDatabase } from "#tests/support/test-database";
import { runServerUntilExit, startTestServer } from "#tests/support/test-server";

/** A server and its PostgreSQL may start in any order: start-up waits for the database, for a while. */
describe("start-up while PostgreSQL is unreachable", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "harmonia-wait-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("retries with one line per attempt, then gives up with a clear message after the configured time", async () => {
    const closed = await freePort();
    const started = Date.now();
    const run = await runServerUntilExit(
      {
        PORT: String(await freePort()),
        DATABASE_URL: `postgres://postgres@127.0.0.1:${closed}/harmonia`,
        DATABASE_STARTUP_TIMEOUT_SECONDS: "4",
      },
      30_000,
    );
    const seconds = (Date.now() - started) / 1000;
    expect(run.code).toBe(1);
    const attempts = run.output.split("\n").filter((line) => line.includes("is not reachable"));
    expect(attempts.length, run.output).toBeGreaterThanOrEqual(3);
    expect(attempts[0]).toMatch(/ECONNREFUSED.*attempt 1, trying again in 0\.5 s/);
    expect(run.output).toContain(`Could not reach PostgreSQL at postgres://127.0.0.1:${closed}/harmonia within 4 s`);
    expect(run.output).toContain("DATABASE_STARTUP_TIMEOUT_SECONDS");
    // Not a stack trace: the operator reads one sentence.
    expect(run.output).not.toMatch(/^\s+at /m);
    expect(seconds).toBeGreaterThanOrEqual(4);
    expect(seconds).toBeLessThan(20);
  }, 40_000);

  it("gives up at once when the wait is 0", async () => {
    const run = await runServerUntilExit({
      PORT: String(await freePort()),
      DATABASE_URL: `postgres://postgres@127.0.0.1:${await freePort()}/harmonia`,
      DATABASE_STARTUP_TIMEOUT_SECONDS: "0",
    });
    expect(run.code).toBe(1);
    expect(run.output).toContain("(DATABASE_STARTUP_TIMEOUT_SECONDS is 0)");
    expect(run.output).not.toContain("trying again");
  });

  it.runIf(process.env.DATABASE_URL)("comes up once the database starts answering", async () => {
    const databaseUrl = (await createEmptyDatabase())!;
    const upstream = new URL(databaseUrl);
    const port = await freePort();
    const viaProxy = new URL(databaseUrl);
    viaProxy.port = String(port);
    // Stands in for a database that starts after the server: its first two connections are
    // refused (reset), whenever the server gets to them, however slowly it starts.
    let refusals = 2;
    const proxy = net.createServer((socket) => {
      if (refusals > 0) {
        refusals -= 1;
        socket.resetAndDestroy();
        return;
      }
      const server = net.connect(Number(upstream.port || 5432), upstream.hostname);
      socket.pipe(server).pipe(socket);
      socket.on("error", () => server.destroy());
      server.on("error", () => socket.destroy());
    });
    await new Promise<void>((resolve) => proxy.listen(port, "127.0.0.1", resolve));
    try {
      const server = await startTestServer({ DATA_DIR: dataDir, DATABASE_URL: viaProxy.toString() });
      try {
        expect(server.output()).toMatch(/is not reachable \(.*\); attempt 1, trying again/);
        expect(server.output()).toMatch(/is not reachable \(.*\); attempt 2, trying again/);
        expect(server.output()).toContain("[db] reached");
        expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      } finally {
        expect(await server.stop()).toBe(0);
      }
    } finally {
      await new Promise((resolve) => proxy.close(resolve));
      await dropDatabase(databaseUrl);
    }
  }, 60_000);
});

/** Instances behind one proxy are started together (a deploy, a reboot): start-up work is done by one at a time. */
describe.runIf(process.env.DATABASE_URL)("two instances starting together on an empty PostgreSQL", () => {
  it("both come up, every time", async () => {
    for (let round = 1; round <= 3; round += 1) {
      const databaseUrl = (await createEmptyDatabase())!;
      const env = { DATABASE_URL: databaseUrl, SEED_DEMO_CONTENT: "true" };
      const started = await Promise.allSettled([startTestServer(env), startTestServer(env)]);
      const failures = started.filter((outcome) => outcome.status === "rejected").map((outcome) => String((outcome as PromiseRejectedResult).reason));
      for (const outcome of started) if (outcome.status === "fulfilled") await outcome.value.stop();
      await dropDatabase(databaseUrl);
      expect(failures, `round ${round}`).toEqual([]);
    }
  }, 240_000);
});

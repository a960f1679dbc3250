import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { slugForEvent } from "#app/modules/events/event-slug";
import { startTestServer, type TestServer } from "#tests/support/test-server";

/**
 * The server's database connections are cut under load (PostgreSQL's `pg_terminate_backend`, what
 * a database restart or a failover does to them): requests may fail, the process may not.
 */
describe.runIf(process.env.DATABASE_URL)("losing PostgreSQL connections during requests", () => {
  let server: TestServer;
  let admin: pg.Client;
  let databaseName: string;
  let reservePath: string;

  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_MULTIPLIER: "1000" });
    const listing = await fetch(`${server.url}/events`).then((response) => response.text());
    const words = slugForEvent("Candlelight Piano Meditation", new Date(0)).replace(/-0$/, "");
    const slug = new RegExp(`href="/events/(${words}-\\d+)"`).exec(listing)?.[1];
    if (!slug) throw new Error("No link to the demo event on /events");
    reservePath = `/events/${slug}/reserve`;
    admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    databaseName = new URL(server.databaseUrl!).pathname.slice(1);
  });
  afterAll(async () => {
    await admin?.end();
    await server?.stop();
  });

  let guestNumber = 0;
  function reserve() {
    guestNumber += 1;
    return fetch(`${server.url}${reservePath}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
      body: new URLSearchParams({
        name: `Guest ${guestNumber}`,
        email: `guest${guestNumber}@example.com`,
        phone: "6195550100",
        seats: "1",
      }),
      redirect: "manual",
      signal: AbortSignal.timeout(10_000),
    });
  }

  function terminateBackends() {
    return admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()", [
      databaseName,
    ]);
  }

  it("keeps the process up, answers every request, and recovers once the connections are back", async () => {
    const until = Date.now() + 6_000;
    const statuses: number[] = [];
    const dropped: string[] = [];
    const client = async (kind: "reserve" | "page") => {
      while (Date.now() < until) {
        const request = kind === "reserve" ? reserve() : fetch(`${server.url}/events`, { signal: AbortSignal.timeout(10_000) });
        await request
          .then(async (response) => {
            await response.arrayBuffer();
            statuses.push(response.status);
          })
          .catch((error: Error) => dropped.push(String(error.cause ?? error.message)));
      }
    };
    const terminator = async () => {
      while (Date.now() < until) {
        await terminateBackends();
        await new Promise((resolve) => setTimeout(resolve, 40));
      }
    };
    await Promise.all([terminator(), ...[1, 2, 3, 4].map(() => client("reserve")), client("page"), client("page")]);

    expect(server.process.exitCode, server.output()).toBeNull();
    expect(dropped, server.output()).toEqual([]);
    expect(statuses.length).toBeGreaterThan(0);
    for (const status of statuses) expect([200, 400, 404, 429, 500, 503]).toContain(status);

    // The connections come back by themselves: health and a reservation succeed again.
    let health = 0;
    for (let attempt = 0; attempt < 50 && health !== 200; attempt++) {
      health = await fetch(`${server.url}/healthz`).then((response) => response.status);
      if (health !== 200) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(health).toBe(200);
    const after = await reserve();
    expect(after.status).toBe(200);
    expect(await after.text()).toContain("Reservation Confirmed!");
  }, 60_000);

  it("answers the public listings with 503 during an outage, keeping the spec's words, and 200 once it is over", async () => {
    // An outage as the server sees it: its connections are cut and new ones are refused.
    await admin.query(`ALTER DATABASE "${databaseName}" ALLOW_CONNECTIONS false`);
    try {
      await terminateBackends();
      const events = await fetch(`${server.url}/events`);
      expect(events.status).toBe(503);
      expect(await events.text()).toContain("No events found");
      for (const page of ["/", "/rsvp", "/reserve", "/vip"]) {
        expect((await fetch(`${server.url}${page}`)).status, page).toBe(503);
      }
      expect((await fetch(`${server.url}/healthz`)).status).toBe(503);
      const readiness = await fetch(`${server.url}/readyz`);
      expect(readiness.status).toBe(503);
      expect(await readiness.json()).toEqual({ ready: false, reason: "database unreachable" });
    } finally {
      await admin.query(`ALTER DATABASE "${databaseName}" ALLOW_CONNECTIONS true`);
    }
    const events = await fetch(`${server.url}/events`);
    expect(events.status).toBe(200);
    expect(await events.text()).not.toContain("No events found");
    expect(server.process.exitCode).toBeNull();
  }, 30_000);

  it("logs an outage as one line when it starts and one when it ends, without stack traces, however many requests fail", async () => {
    // The outage of the test before ends with its own line, within a second of its end: this one starts after.
    const count = (text: string) => server.output().split(text).length - 1;
    for (let attempt = 0; attempt < 50 && count("[db] the database is back") < count("[db] the database is unavailable"); attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const before = server.output().length;
    await admin.query(`ALTER DATABASE "${databaseName}" ALLOW_CONNECTIONS false`);
    try {
      await terminateBackends();
      for (let round = 0; round < 20; round++) {
        await Promise.all([reserve(), fetch(`${server.url}/events`), fetch(`${server.url}/`)].map((request) => request.then((response) => response.arrayBuffer()).catch(() => undefined)));
      }
    } finally {
      await admin.query(`ALTER DATABASE "${databaseName}" ALLOW_CONNECTIONS true`);
    }
    const back = () => server.output().slice(before).includes("[db] the database is back after");
    for (let attempt = 0; attempt < 50 && !back(); attempt++) await new Promise((resolve) => setTimeout(resolve, 200));
    const lines = server.output().slice(before).split("\n").filter(Boolean);
    expect(lines.filter((line) => line.includes("the database is unavailable")), lines.join("\n")).toHaveLength(1);
    expect(back(), lines.join("\n")).toBe(true);
    // 60 requests that needed the database: a handful of lines, none of them a stack frame.
    expect(lines.length, lines.join("\n")).toBeLessThanOrEqual(6);
    expect(lines.join("\n")).not.toMatch(/^\s+at /m);
  }, 60_000);
});

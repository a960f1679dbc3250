import { Hono } from "hono";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { markDatabaseError } from "#app/lib/database-errors.server";
import { log, logFailure, setLogFormat } from "#app/lib/log.server";
import { createApp } from "./create-app";
import type { HealthSources } from "./health";
import { requestIdFor, requestIds } from "./request-id";

// A failed query while the database is away: the query builder's error around the pool's marked one.
const refused = () => new Error("Failed query: select 1", { cause: markDatabaseError(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" })) });

describe("request ids", () => {
  let lines: Record<string, unknown>[];
  beforeEach(() => {
    lines = [];
    const keep = (line: unknown) => void lines.push(JSON.parse(String(line)) as Record<string, unknown>);
    vi.spyOn(console, "error").mockImplementation(keep);
    vi.spyOn(console, "log").mockImplementation(keep);
    setLogFormat("json");
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
    setLogFormat("text");
  });

  const app = () => {
    const hono = new Hono();
    hono.use(requestIds());
    hono.get("/work", async (c) => {
      // Deep in the handling, after awaits, as a module's log line would be.
      await new Promise((resolve) => setTimeout(resolve, 5));
      log("info", "test", "working");
      await Promise.resolve();
      logFailure("request-id-test", "reading the events", new TypeError("a bug"));
      return c.text("done");
    });
    return hono;
  };

  it("are on every JSON line written while a request is handled, and sent back as X-Request-Id", async () => {
    const [first, second] = await Promise.all([app().request("/work"), app().request("/work")]);
    const ids = [first!.headers.get("X-Request-Id"), second!.headers.get("X-Request-Id")];
    expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[1]).not.toBe(ids[0]);
    expect(lines).toHaveLength(4);
    for (const line of lines) expect(ids).toContain(line.requestId);
    expect(lines.filter((line) => line.requestId === ids[0])).toHaveLength(2);
    // Outside a request, no id.
    log("info", "test", "idle");
    expect(lines.at(-1)).not.toHaveProperty("requestId");
  });

  it("take a proxy's X-Request-Id only when it is a short safe token", async () => {
    const answer = await app().request("/work", { headers: { "X-Request-Id": "lb-7f3a.42:1" } });
    expect(answer.headers.get("X-Request-Id")).toBe("lb-7f3a.42:1");
    expect(lines[0]).toMatchObject({ requestId: "lb-7f3a.42:1", message: "working" });
    for (const unsafe of ["", "x".repeat(65), "a b", "id\nforged", "<script>", "ünïcode"]) {
      expect(requestIdFor(unsafe), JSON.stringify(unsafe)).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it("leave the summary of a database outage without the first request's id", async () => {
    vi.useFakeTimers();
    const hono = new Hono();
    hono.use(requestIds());
    hono.get("/fail", (c) => {
      logFailure("request-id-burst", "loading the events", refused());
      return c.text("503", 503);
    });
    for (let request = 0; request < 3; request++) await hono.request("/fail");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toHaveProperty("requestId");
    // The outage's summary, 30 s on, counts every request's failure: it belongs to none of them.
    vi.advanceTimersByTime(30_000);
    expect(lines).toHaveLength(2);
    expect(lines[1]!.message).toContain("3 operations failed in the last 30 s");
    expect(lines[1]).not.toHaveProperty("requestId");
    // No probe here: 30 s without a failure ends the outage, with its own line.
    vi.advanceTimersByTime(30_000);
    expect(lines[2]!.message).toContain("the database is back");
  });

  it("are given by the server's first middleware, even to a request it refuses", async () => {
    const server = createApp({
      mode: "production",
      trustedProxyHops: 0,
      publicUrl: "https://harmonia.example",
      getBuild: () => Promise.reject(new Error("no build in this test")),
      services: () => {
        throw new Error("no running instance in this test");
      },
      // Stopped: the health checks answer without touching the (absent) database or job runner.
      runtime: { phase: "stopped" } as HealthSources,
    });
    const refusedHost = await server.request("http://evil.example/", { headers: { Host: "evil.example" } });
    expect(refusedHost.status).toBe(421);
    expect(refusedHost.headers.get("X-Request-Id")).toMatch(/^[0-9a-f-]{36}$/);
  });
});

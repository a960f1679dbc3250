import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DrizzleQueryError } from "drizzle-orm";
import { markDatabaseError } from "./database-errors.server";
import { log, logFailure, logRequest, setDatabaseProbe, setDatabaseOutageListener, setLogFormat, withRequestId } from "./log.server";

// As the PostgreSQL pool fails a query while the database is away: the driver's error, marked by the pool.
const refused = () => markDatabaseError(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }));
const failedQuery = () => new Error("Failed query: select 1\nparams: ", { cause: refused() });

describe("log lines", () => {
  let lines: string[];
  beforeEach(() => {
    lines = [];
    const keep = (line: unknown) => void lines.push(String(line));
    vi.spyOn(console, "error").mockImplementation(keep);
    vi.spyOn(console, "log").mockImplementation(keep);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
    setLogFormat("text");
  });

  it("are `[scope] message` by default and one JSON object each with LOG_FORMAT=json", () => {
    log("warn", "db", "not reachable");
    setLogFormat("json");
    log("error", "events", "loading failed");
    expect(lines[0]).toBe("[db] not reachable");
    const entry = JSON.parse(lines[1]!) as Record<string, unknown>;
    expect(entry).toMatchObject({ level: "error", scope: "events", message: "loading failed" });
    expect(new Date(entry.time as string).getTime()).toBeGreaterThan(Date.now() - 5_000);
  });

  it("log a database outage as one line when it goes, a summary every 30 s, and one line when it is back", async () => {
    vi.useFakeTimers();
    let answering = false;
    setDatabaseProbe(() => (answering ? Promise.resolve() : Promise.reject(refused())));
    try {
      for (let query = 0; query < 500; query++) logFailure("burst-test", query % 2 ? "loading the events" : "a reservation", failedQuery());
      expect(lines).toEqual([
        "[db] the database is unavailable (connect ECONNREFUSED 127.0.0.1:5432), first noticed by a reservation; what needs it fails until it is back",
      ]);
      await vi.advanceTimersByTimeAsync(30_000);
      expect(lines[1]).toBe("[db] the database is still unavailable after 30 s: 500 operations failed in the last 30 s (connect ECONNREFUSED 127.0.0.1:5432)");
      logFailure("burst-test", "loading the events", failedQuery());
      answering = true;
      await vi.advanceTimersByTimeAsync(1_000);
      expect(lines).toHaveLength(3);
      expect(lines[2]).toBe("[db] the database is back after 31 s (501 operations failed meanwhile)");
      // No stack trace anywhere: an outage is expected, not a bug.
      expect(lines.join("\n")).not.toMatch(/^\s+at /m);
      // The next outage starts anew.
      logFailure("burst-test", "loading the events", failedQuery());
      expect(lines).toHaveLength(4);
    } finally {
      answering = true;
      await vi.advanceTimersByTimeAsync(1_000);
      setDatabaseProbe(undefined);
    }
  });

  it("log every other error whole, with its stack", () => {
    logFailure("bug-test", "rendering", new TypeError("undefined is not a function"));
    logFailure("bug-test", "rendering", new TypeError("undefined is not a function"));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\[bug-test\] rendering failed: TypeError: undefined is not a function\n\s+at /);
  });

  it("log a failed query by the database's code and reason, never its SQL or parameters", () => {
    const reason = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: "22021" });
    logFailure("query-test", "joining", new DrizzleQueryError('insert into "community" ("email", "name") values ($1, $2)', ["ada@example.com", "Ada\u0000"], reason));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\[query-test\] joining failed: Failed query: 22021 invalid byte sequence for encoding "UTF8": 0x00\n\s+at /);
    expect(lines[0]).not.toContain("ada@example.com");
    expect(lines[0]).not.toContain("community");
  });

  it("log one JSON line per request with LOG_FORMAT=json (time, level, message, request id, route, status, duration), none in text", () => {
    logRequest({ method: "GET", route: "/events/:slug", status: 200, durationMs: 12.345 });
    expect(lines).toEqual([]);
    setLogFormat("json");
    withRequestId("req-1", () => logRequest({ method: "POST", route: "/events/:slug/reserve", status: 503, durationMs: 40 }));
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(entry).toMatchObject({ level: "error", scope: "http", message: "POST /events/:slug/reserve 503", requestId: "req-1", route: "/events/:slug/reserve", status: 503, durationMs: 40 });
    expect(new Date(entry.time as string).getTime()).toBeGreaterThan(Date.now() - 5_000);
  });

  it("never carry an e-mail address or a query string (sign-in tokens), in either format", () => {
    const message = "delivery failed: 550 5.1.1 <Ada.Lovelace+news@mail.example.co.uk> unknown; link http://localhost:3000/api/auth/magic-link/verify?token=s3cr3t&callbackURL=%2F";
    log("warn", "outbox", message);
    setLogFormat("json");
    log("warn", "outbox", message);
    logFailure("bug-test", "sending to ada@example.com", new Error("refused ada@example.com at /verify?token=s3cr3t"));
    expect(lines).toHaveLength(3);
    for (const line of lines) {
      expect(line).not.toMatch(/@example|@mail|s3cr3t|callbackURL/);
      expect(line).toContain("[address]");
    }
    expect(lines[0]).toBe("[outbox] delivery failed: 550 5.1.1 <[address]> unknown; link http://localhost:3000/api/auth/magic-link/verify?[query]");
  });

  it("tell the outage listener (the admins' alert) how long the database was away, once it is back", async () => {
    vi.useFakeTimers();
    let answering = false;
    const heard: { seconds: number; failures: number }[] = [];
    setDatabaseProbe(() => (answering ? Promise.resolve() : Promise.reject(refused())));
    setDatabaseOutageListener(({ seconds, failures }) => heard.push({ seconds, failures }));
    try {
      logFailure("listener-test", "a reservation", failedQuery());
      logFailure("listener-test", "a reservation", failedQuery());
      await vi.advanceTimersByTimeAsync(60_000);
      expect(heard).toEqual([]);
      answering = true;
      await vi.advanceTimersByTimeAsync(1_000);
      expect(heard).toEqual([{ seconds: 61, failures: 2 }]);
    } finally {
      answering = true;
      setDatabaseOutageListener(undefined);
      setDatabaseProbe(undefined);
    }
  });
});

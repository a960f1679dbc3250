import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DrizzleQueryError } from "drizzle-orm";
import { log, logFailure, setLogFormat } from "./log.server";

const refused = () => Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
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

  it("summarise a burst of failures while the database is unavailable: one line, then the count", () => {
    vi.useFakeTimers();
    for (let query = 0; query < 500; query++) logFailure("burst-test", "loading the events", failedQuery());
    expect(lines).toEqual(["[burst-test] loading the events failed: the database is unavailable (connect ECONNREFUSED 127.0.0.1:5432)"]);
    vi.advanceTimersByTime(10_000);
    expect(lines[1]).toBe(
      "[burst-test] loading the events failed 499 more times in 10 s: the database is unavailable (connect ECONNREFUSED 127.0.0.1:5432)",
    );
    // The next outage starts a new burst.
    logFailure("burst-test", "loading the events", failedQuery());
    expect(lines).toHaveLength(3);
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
});

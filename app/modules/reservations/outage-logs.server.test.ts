import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase, type DatabaseHandle } from "#app/lib/db.server";
import { reserveSeats } from "./reserve-seats.server";

describe("reservations while the database is down", () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    // Nothing listens on port 1: every query is refused, as during an outage.
    handle = await openDatabase({ databaseUrl: "postgres://postgres@127.0.0.1:1/outage" });
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await handle.close();
  });

  it("answer every visitor, and log one summarised line instead of a stack trace per failed query", async () => {
    const lines: string[] = [];
    vi.spyOn(console, "error").mockImplementation((...parts: unknown[]) => void lines.push(parts.map(String).join(" ")));
    const outcomes = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        reserveSeats(handle.db, { eventSlug: "outage", name: "Ada", email: `ada${index}@example.com`, phone: "", seats: 1 }),
      ),
    );
    expect(outcomes.every((outcome) => !outcome.ok && outcome.reason === "could-not-check")).toBe(true);
    // The outage is one line, naming what noticed it first (a summary follows every 30 s while it lasts).
    expect(lines).toEqual([
      expect.stringMatching(/^\[db\] the database is unavailable \(.*ECONNREFUSED.*\), first noticed by reading the event to reserve; what needs it fails until it is back$/),
    ]);
    expect(lines.join("\n")).not.toMatch(/\n\s+at /);
  });
});

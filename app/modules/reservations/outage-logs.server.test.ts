import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/lib/db.server";
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
    const ours = lines.filter((line) => line.startsWith("[reservations]"));
    expect(ours).toEqual([expect.stringMatching(/^\[reservations\] reading the event to reserve failed: the database is unavailable \(.*ECONNREFUSED.*\)$/)]);
    expect(lines.join("\n")).not.toMatch(/\n\s+at /);
  });
});

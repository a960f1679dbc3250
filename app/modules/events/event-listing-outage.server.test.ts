import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase, type DatabaseHandle } from "#app/lib/db.server";
import { freePort } from "#tests/support/smtp-sink";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { listPublicEventViews } from "./list-event-views.server";
import { loadReservePageEvents, loadVipEvent } from "./special-events.server";

/**
 * The public listings still render 'No events found' when the database cannot be reached, but say
 * that they failed, so that their routes answer 503 instead of a 200 that looks like an empty calendar.
 */
describe("the public listings during a database outage", () => {
  let unreachable: DatabaseHandle;
  let working: TestDatabase;

  beforeAll(async () => {
    // Nothing listens on a port that was free a moment ago: every query is refused.
    unreachable = await openDatabase({ databaseUrl: `postgres://postgres@127.0.0.1:${await freePort()}/harmonia` });
    working = await createTestDatabase();
  });
  afterAll(async () => {
    await unreachable?.close();
    await working?.dispose();
  });

  // First: the burst of this scope must start in this test.
  it("logs one line for a burst of failed loads, not a stack trace for each", async () => {
    const lines: string[] = [];
    const spy = vi.spyOn(console, "error").mockImplementation((...parts: unknown[]) => void lines.push(parts.map(String).join(" ")));
    try {
      for (let load = 0; load < 20; load++) await listPublicEventViews(unreachable.db);
    } finally {
      spy.mockRestore();
    }
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\[db\] the database is unavailable \(.*ECONNREFUSED.*\), first noticed by loading the public events;/);
    expect(lines[0]).not.toContain("\n");
  });

  it("reports the failure alongside an empty listing", async () => {
    expect(await listPublicEventViews(unreachable.db)).toEqual({ events: [], failed: true });
    expect(await loadReservePageEvents(unreachable.db)).toEqual({ events: { main: null, second: null }, failed: true });
    expect(await loadVipEvent(unreachable.db)).toEqual({ event: null, failed: true });
  });

  it("does not report an empty calendar as a failure", async () => {
    expect(await listPublicEventViews(working.handle.db)).toEqual({ events: [], failed: false });
    expect(await loadReservePageEvents(working.handle.db)).toEqual({ events: { main: null, second: null }, failed: false });
    expect(await loadVipEvent(working.handle.db)).toEqual({ event: null, failed: false });
  });
});

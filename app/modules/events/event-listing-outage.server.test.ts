import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/lib/db.server";
import { freePort } from "../../../tests/support/smtp-sink";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
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

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events } from "#db/schema";
import { buildEvent, buildReservation } from "#app/modules/demo/factories/events";
import { insertReservations } from "#app/modules/reservations/index.server";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { landingPathAfterSignIn } from "./landing-path.server";

// Where each role lands after signing in, against a real database (embedded, or PostgreSQL with DATABASE_URL).
describe("landing after sign-in", () => {
  let database: TestDatabase;
  const timeZone = "America/Los_Angeles";
  // 10:00 in Los Angeles on 1 June 2031.
  const now = new Date("2031-06-01T17:00:00Z");
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    database = await createTestDatabase();
    const add = async (key: string, startsAt: string, maxSeats: number | null, guests = 0) => {
      const [event] = await database.handle.db.insert(events).values(buildEvent({ title: `Landing ${key}`, startsAt: new Date(startsAt), maxSeats })).returning();
      ids[key] = event!.id;
      if (guests) await insertReservations(database.handle.db, [buildReservation(event!.id, { seats: guests })]);
    };
    // Last night's event (23:00 on 31 May, with guests), a ticket-link event this morning, next week's.
    await add("last-night", "2031-06-01T06:00:00Z", 30, 2);
    await add("ticket-link", "2031-06-01T16:00:00Z", null);
    await add("next-week", "2031-06-08T02:00:00Z", 30);
    // 08:00 this morning, with guests: begun by now (past), still today's event at the door.
    await add("this-morning", "2031-06-01T15:00:00Z", 30, 3);
  });
  afterAll(() => database.dispose());

  it("takes admins to the dashboard", async () => {
    expect(await landingPathAfterSignIn(database.handle.db, { role: "admin" }, { timeZone, now })).toBe("/admin");
  });

  it("takes event staff to the check-in of today's event with guests, even one that began this morning", async () => {
    expect(await landingPathAfterSignIn(database.handle.db, { role: "event-staff" }, { timeZone, now })).toBe(
      `/admin/eventreservations/${ids["this-morning"]}/check-in`,
    );
  });

  it("takes event staff to the next event's check-in when none is today, and to the reservations page when none is coming", async () => {
    const tomorrow = new Date("2031-06-02T17:00:00Z");
    expect(await landingPathAfterSignIn(database.handle.db, { role: "event-staff" }, { timeZone, now: tomorrow })).toBe(
      `/admin/eventreservations/${ids["next-week"]}/check-in`,
    );
    const nextYear = new Date("2032-06-01T17:00:00Z");
    expect(await landingPathAfterSignIn(database.handle.db, { role: "event-staff" }, { timeZone, now: nextYear })).toBe("/admin/eventreservations");
  });

  it("takes members to their welcome page, or the page the sign-in named for them", async () => {
    expect(await landingPathAfterSignIn(database.handle.db, { role: "member" }, { timeZone, now })).toBe("/welcome");
    expect(await landingPathAfterSignIn(database.handle.db, { role: "member" }, { timeZone, now, memberPath: "/" })).toBe("/");
  });
});

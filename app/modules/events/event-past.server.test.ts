import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "#app/lib/db.server";
import { buildEvent, buildReservation, venueTime } from "#app/modules/demo/factories/events";
import { insertReservations } from "#app/modules/reservations/index.server";
import { events } from "#db/schema";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { isMarkedPast, isPastEvent } from "./event-past";
import { eventColumnsOf, markedPastSql, pastEventSql, upcomingEventSql } from "./event-past.server";
import { eventStats } from "./list-managed-events.server";
import { summariseEvents } from "./summarise-events.server";

/**
 * The one meaning of past (docs/decisions/056) in code and in SQL, on the embedded database and on
 * PostgreSQL (DATABASE_URL): the two never disagree, and every count built on it follows.
 */
describe("the one meaning of past", () => {
  let database: TestDatabase;
  const timeZone = "America/Los_Angeles";
  // 15:00 at the venue on 10 June 2031.
  const now = venueTime(timeZone, 0, 15, 0, new Date("2031-06-10T19:00:00Z"));
  const at = (days: number, hour: number, minute = 0) => venueTime(timeZone, days, hour, minute, now);

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.dispose());

  // Texts staff (or an old site) may have typed; the spec reads 'Past Event' in any case.
  const labels: Array<[string | null, boolean]> = [
    [null, false],
    ["", false],
    ["Past Event", true],
    ["past event", true],
    [" PAST   EVENT ", true],
    ["past\tevent\n", true],
    ["\u00a0Past\u2003Event\u3000", true],
    ["\ufeffpast event", true],
    ["Past\u200bEvent", false],
    ["Past Events", false],
    ["Past Event!", false],
    ["pastevent", false],
    ["Private Event", false],
    ["Coming Soon", false],
    ["Reserve Your Spot", false],
  ];

  it("reads a 'Past Event' mark the same way in code and in SQL, whatever its spacing and case", async () => {
    for (const [button, marked] of labels) {
      expect(isMarkedPast(button), JSON.stringify(button)).toBe(marked);
      const [row] = await queryRows<{ marked: boolean }>(database.handle.db, sql`select ${markedPastSql({ startsAt: sql`now()`, button: sql`${button}::text` })} as marked`);
      expect(row?.marked, `SQL on ${JSON.stringify(button)}`).toBe(marked);
    }
  });

  it("calls past what started before now or is marked, in code and in SQL; an event starting exactly now is upcoming", async () => {
    const cases: Array<{ startsAt: Date; button: string | null; past: boolean }> = [
      { startsAt: at(-1, 19), button: null, past: true },
      { startsAt: at(0, 9), button: null, past: true },
      { startsAt: new Date(now.getTime() - 1000), button: null, past: true },
      { startsAt: now, button: null, past: false },
      { startsAt: at(0, 19), button: null, past: false },
      { startsAt: at(3, 14), button: "past event", past: true },
      { startsAt: at(3, 14), button: "Private Event", past: false },
    ];
    for (const item of cases) {
      expect(isPastEvent(item, now)).toBe(item.past);
      const columns = { startsAt: sql`${item.startsAt.toISOString()}::timestamptz`, button: sql`${item.button}::text` };
      const [row] = await queryRows<{ past: boolean; upcoming: boolean }>(
        database.handle.db,
        sql`select ${pastEventSql(now, columns)} as past, ${upcomingEventSql(now, columns)} as upcoming`,
      );
      expect(row, `${item.startsAt.toISOString()} ${item.button}`).toEqual({ past: item.past, upcoming: !item.past });
    }
  });

  it("counts and lists by it: the events page's counters and the dashboard's Next events and counters", async () => {
    const db = database.handle.db;
    const inserted = await db
      .insert(events)
      .values([
        buildEvent({ title: "Yesterday evening", startsAt: at(-1, 19) }),
        buildEvent({ title: "This morning", startsAt: at(0, 9) }),
        // Marked over by hand, three days ahead: the spec's 'Breath and Sound Workshop' case.
        buildEvent({ title: "Marked workshop", startsAt: at(3, 14), button: "past event" }),
        buildEvent({ title: "Tonight", startsAt: at(0, 19) }),
        buildEvent({ title: "Next week", startsAt: at(7, 19), status: "draft" }),
        buildEvent({ title: "Archived tomorrow", startsAt: at(1, 19), status: "archived" }),
      ])
      .returning();
    const id = (title: string) => inserted.find((event) => event.title === title)!.id;
    await insertReservations(db, [buildReservation(id("This morning"), { seats: 3 }), buildReservation(id("Marked workshop"), { seats: 2 }), buildReservation(id("Tonight"), { seats: 4 })]);

    const stats = await eventStats(db, now);
    // Tonight, next week and the archived one are upcoming; yesterday, this morning and the marked workshop are past.
    expect({ upcoming: stats.upcoming, past: stats.past }).toEqual({ upcoming: 3, past: 3 });
    expect(stats.past).toBe(inserted.filter((event) => isPastEvent(event, now)).length);

    const summary = await summariseEvents(db, now);
    expect(summary.next.map((event) => event.title)).toEqual(["Tonight", "Next week"]);
    expect(summary.upcoming).toBe(2);
    expect(summary.upcomingReservations).toBe(1);
    expect(summary.upcomingSeatsTaken).toBe(4);
  });

  it("reads an aliased table in hand-written queries", async () => {
    const rows = await queryRows<{ title: string }>(
      database.handle.db,
      sql`select e.title from events e where ${pastEventSql(now, eventColumnsOf("e"))} order by e.starts_at`,
    );
    expect(rows.map((row) => row.title)).toEqual(["Yesterday evening", "This morning", "Marked workshop"]);
  });
});

import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events, reservations } from "#db/schema";
import { buildEvent, venueTime } from "#app/modules/demo/factories/events";
import { openDatabase, queryRows, runMigrations, type Database, type DatabaseHandle } from "#app/lib/db.server";
import { siteConfig } from "#app/lib/site-config";
import { reservationMessages } from "#app/modules/reservations/reservation-form";
import { reserveSeats, type ReserveOutcome } from "#app/modules/reservations/reserve-seats.server";
import { createEmptyDatabase, createTestDatabase, dropDatabase, type TestDatabase } from "#tests/support/test-database";
import { startTestServer, type TestServer } from "#tests/support/test-server";

/**
 * The issue's promise: 200 simultaneous attempts at 1 seat for an event with 50 seats end with
 * exactly 50 seats reserved and every other attempt told it is sold out: in one process, from two
 * connection pools on one PostgreSQL (two instances' worth), and over HTTP against two server
 * instances sharing that PostgreSQL.
 */
const ATTEMPTS = 200;
const SEATS = 50;
const postgresUrl = process.env.DATABASE_URL;

const attempt = (index: number) => ({ name: `Guest ${index}`, email: `guest-${index}@example.com`, phone: "", seats: 1 });

async function createFiftySeatEvent(db: Database, title: string) {
  const startsAt = venueTime(siteConfig.venue.timeZone, 7, 18, 30);
  const [event] = await db.insert(events).values(buildEvent({ title, startsAt, maxSeats: SEATS })).returning();
  return event!;
}

async function reservedSeats(db: Database, eventId: string): Promise<{ seats: number; rows: number }> {
  const [row] = await queryRows<{ seats: number; rows: number }>(
    db,
    sql`select coalesce(sum(${reservations.seats}), 0)::int as seats, count(*)::int as rows from ${reservations} where ${reservations.eventId} = ${eventId}`,
  );
  return { seats: Number(row!.seats), rows: Number(row!.rows) };
}

function expectFiftyReservedAndTheRestSoldOut(outcomes: ReserveOutcome[]) {
  expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(SEATS);
  const refusals = outcomes.filter((outcome) => !outcome.ok);
  expect(refusals).toHaveLength(ATTEMPTS - SEATS);
  expect(new Set(refusals.map((outcome) => (outcome.ok ? "" : outcome.message)))).toEqual(new Set([reservationMessages.notEnoughSeats]));
}

describe("200 simultaneous reservations for 50 seats", () => {
  describe(`in one process (${postgresUrl ? "PostgreSQL" : "embedded database"})`, () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase();
    });
    afterAll(() => database?.dispose());

    it("reserves exactly 50 seats and tells every other attempt it is sold out", async () => {
      const event = await createFiftySeatEvent(database.handle.db, "In-process race");
      const outcomes = await Promise.all(
        Array.from({ length: ATTEMPTS }, (_, index) => reserveSeats(database.handle.db, { ...attempt(index), eventId: event.id })),
      );
      expectFiftyReservedAndTheRestSoldOut(outcomes);
      expect(await reservedSeats(database.handle.db, event.id)).toEqual({ seats: SEATS, rows: SEATS });
    });
  });

  describe.skipIf(!postgresUrl)("on one PostgreSQL shared by two instances", () => {
    let url: string;
    let first: DatabaseHandle;
    let second: DatabaseHandle;
    const servers: TestServer[] = [];

    beforeAll(async () => {
      url = (await createEmptyDatabase())!;
      first = await openDatabase({ databaseUrl: url });
      await runMigrations(first);
      second = await openDatabase({ databaseUrl: url });
    });
    afterAll(async () => {
      await Promise.all(servers.map((server) => server.stop()));
      await first?.close();
      await second?.close();
      if (url) await dropDatabase(url);
    });

    it("reserves exactly 50 seats from two connection pools", async () => {
      const event = await createFiftySeatEvent(first.db, "Two pools race");
      const outcomes = await Promise.all(
        Array.from({ length: ATTEMPTS }, (_, index) =>
          reserveSeats((index % 2 === 0 ? first : second).db, { ...attempt(index), eventId: event.id }),
        ),
      );
      expectFiftyReservedAndTheRestSoldOut(outcomes);
      expect(await reservedSeats(first.db, event.id)).toEqual({ seats: SEATS, rows: SEATS });
    });

    it("reserves exactly 50 seats through two server instances, answering every attempt", async () => {
      // One after the other, so the second finds the database already migrated.
      for (let index = 0; index < 2; index += 1) {
        servers.push(await startTestServer({ DATABASE_URL: url, SEED_DEMO_CONTENT: "false", RATE_LIMIT_MULTIPLIER: "50" }));
      }
      const event = await createFiftySeatEvent(first.db, "Two servers race");
      const responses = await Promise.all(
        Array.from({ length: ATTEMPTS }, async (_, index) => {
          const server = servers[index % 2]!;
          const fields = attempt(index);
          const response = await fetch(`${server.url}/events/${event.slug}/reserve`, {
            method: "POST",
            headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
            body: new URLSearchParams({ name: fields.name, email: fields.email, phone: "", seats: "1" }),
            redirect: "manual",
          });
          return { status: response.status, body: await response.text() };
        }),
      );
      expect(responses.filter((response) => response.status >= 500)).toEqual([]);
      expect(await reservedSeats(first.db, event.id)).toEqual({ seats: SEATS, rows: SEATS });
      expect(
        responses.filter((response) => response.body.includes(reservationMessages.notEnoughSeats)).length,
      ).toBe(ATTEMPTS - SEATS);
    });
  });
});

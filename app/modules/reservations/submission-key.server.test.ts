import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events } from "#db/schema";
import { buildEvent } from "#app/modules/demo/factories/events";
import { queryRows } from "#app/lib/db.server";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { reserveSeatsForVisitor } from "./reserve-seats-for-visitor.server";
import { reserveSeats } from "./reserve-seats.server";
import { noOutboxWake } from "#app/modules/messaging/index.server";

// The form's one-time key (issue 11, 2.5) in process, where the rows and the outbox can be counted.
describe("a submission key", () => {
  let database: TestDatabase;
  const later = new Date(Date.now() + 30 * 86_400_000);

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.dispose());

  const createEvent = async (title: string, maxSeats: number) => {
    const [event] = await database.handle.db.insert(events).values(buildEvent({ title, startsAt: later, maxSeats })).returning();
    return event!;
  };
  const count = async (query: ReturnType<typeof sql>) => (await queryRows<{ count: number }>(database.handle.db, query))[0]!.count;
  const reservationsOf = (eventId: string) => count(sql`select count(*)::int as count from reservations where event_id = ${eventId}`);
  const confirmationsTo = (email: string) =>
    count(sql`select count(*)::int as count from outbox where kind = 'reservation-confirmation' and recipient = ${email}`);

  it("stores one reservation and queues one confirmation however often, and however concurrently, it is sent", async () => {
    const event = await createEvent("Once only", 20);
    const input = { name: "Ada", email: "once@example.com", phone: "", seats: 2, submissionKey: randomUUID() };
    const send = () =>
      reserveSeatsForVisitor(database.handle.db, {
        client: { key: "192.0.2.1", rateLimitMultiplier: 100, seatsPerEvent: 10 },
        eventSlug: event.slug,
        input,
        wake: noOutboxWake,
      });
    const outcomes = [...(await Promise.all(Array.from({ length: 5 }, send))), await send()];
    const ids = outcomes.map((outcome) => (outcome.ok ? outcome.reservation.id : outcome.reason));
    expect(new Set(ids).size).toBe(1);
    expect(outcomes.filter((outcome) => outcome.ok && !outcome.replayed)).toHaveLength(1);
    expect(await reservationsOf(event.id)).toBe(1);
    expect(await confirmationsTo("once@example.com")).toBe(1);
    expect(await count(sql`select seats_taken as count from events where id = ${event.id}`)).toBe(2);
    // The page's cancel link is one, kept with the reservation, and every answer shows it.
    const links = new Set(outcomes.map((outcome) => (outcome.ok ? outcome.cancelPath : undefined)));
    expect(links.size).toBe(1);
    expect([...links][0]).toMatch(/^\/reservations\/cancel\?token=/);
    expect(await count(sql`select count(*)::int as count from guest_tokens where reservation_id = ${ids[0]} and purpose = 'cancel-reservation'`)).toBe(1);
  });

  it("keeps no cancel link when the reservation is refused after it was written (rolled back with it)", async () => {
    const event = await createEvent("Ten per address", 30);
    const reserve = (seats: number) =>
      reserveSeatsForVisitor(database.handle.db, {
        client: { key: "192.0.2.2", rateLimitMultiplier: 100, seatsPerEvent: 30 },
        eventSlug: event.slug,
        input: { name: "Ada", email: "ten@example.com", phone: "", seats, submissionKey: randomUUID() },
        wake: noOutboxWake,
      });
    expect(await reserve(10)).toMatchObject({ ok: true });
    // Refused under the event's lock, after the reservation and its link were written in the transaction.
    expect(await reserve(1)).toMatchObject({ ok: false, reason: "seats-per-address-reached" });
    expect(await count(sql`select count(*)::int as count from guest_tokens t join reservations r on r.id = t.reservation_id where r.event_id = ${event.id}`)).toBe(1);
  });

  it("gets its reservation back even once the event has filled up", async () => {
    const event = await createEvent("Last seats", 3);
    const input = { name: "Ada", email: "last@example.com", phone: "", seats: 3, submissionKey: randomUUID(), eventId: event.id };
    const first = await reserveSeats(database.handle.db, input);
    const again = await reserveSeats(database.handle.db, input);
    expect(first.ok && again.ok && again.replayed && again.reservation.id === first.reservation.id).toBe(true);
    expect(await reservationsOf(event.id)).toBe(1);
  });

  it("belongs to one event: the same key books another event anew", async () => {
    const [one, two] = [await createEvent("Key one", 5), await createEvent("Key two", 5)];
    const input = { name: "Ada", email: "two@example.com", phone: "", seats: 1, submissionKey: randomUUID() };
    const first = await reserveSeats(database.handle.db, { ...input, eventId: one.id });
    const second = await reserveSeats(database.handle.db, { ...input, eventId: two.id });
    expect(first.ok && second.ok && !second.replayed && second.reservation.id !== first.reservation.id).toBe(true);
  });
});

import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { doorTaps, events, reservations } from "#db/schema";
import { buildEvent, buildReservation } from "#app/modules/demo/factories/events";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import type { CheckInActor } from "./arrivals.server";
import { checkInGuest } from "./check-in-guest.server";
import { undoCheckIn } from "./undo-check-in.server";
import { insertReservations } from "../insert-reservations.server";
import { doorListKeepUntil, loadDoorList, syncDoorTaps } from "./door-sync.server";
import { lookUpTicket } from "./ticket-lookup.server";
import { ticketCode, ticketHash } from "../tickets/ticket-code.server";
import { purgeDoorTaps } from "./purge-door-taps.server";

// The door phone's use cases against a real database: the embedded one, and PostgreSQL with DATABASE_URL.
describe("the door phone's sync", () => {
  let database: TestDatabase;
  const usher: CheckInActor = { id: "usher-1", email: "usher@example.com", role: "event-staff" };
  const admin: CheckInActor = { id: "admin-1", email: "admin@example.com", role: "admin" };
  const member: CheckInActor = { id: "member-1", email: "member@example.com", role: "member" };
  const secret = "test-secret-of-the-door";
  const now = new Date("2031-06-01T03:00:00Z");
  const options = { secret, timeZone: "America/Los_Angeles", now };
  const client = { key: "test-client", rateLimitMultiplier: 1 };
  const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.dispose());

  let night = 0;
  async function eventWith(guests: Array<{ name: string; seats: number }>, maxSeats = 20) {
    const db = database.handle.db;
    night += 1;
    const [event] = await db.insert(events).values(buildEvent({ title: `Sync night ${night}`, startsAt: new Date("2031-06-01T02:00:00Z"), maxSeats })).returning();
    const rows = await insertReservations(db, guests.map((guest) => buildReservation(event!.id, { visitorName: guest.name, seats: guest.seats })));
    return { eventId: event!.id, ids: rows.map((row) => row.id) };
  }
  const guestOf = async (id: string) => (await database.handle.db.select().from(reservations).where(eq(reservations.id, id)))[0]!;
  const arrive = (reservationId: string, at: string, seats = 1) => ({ id: crypto.randomUUID(), kind: "arrive" as const, reservationId, seats, at });

  it("lists every guest with the hash of their ticket code, and keeps it until the end of the day after the event", async () => {
    const { eventId, ids } = await eventWith([{ name: "Ana Lopez", seats: 2 }]);
    const outcome = await loadDoorList(database.handle.db, usher, eventId, options);
    if (!outcome.ok) throw new Error(outcome.message);
    const ana = await guestOf(ids[0]!);
    expect(outcome.list.guests).toEqual([expect.objectContaining({ reservationId: ana.id, name: "Ana Lopez", seats: 2, arrivedSeats: 0, firstArrival: null, ticketHash: ticketHash(ticketCode(secret, ana.ticketRef)) })]);
    expect(outcome.list).toMatchObject({ seatsTaken: 2, overCapacity: false, event: { id: eventId, maxSeats: 20 } });
    // The event is on May 31st at 7 PM in San Diego: the phone forgets it at the start of June 2nd there.
    expect(outcome.list.keepUntil).toBe("2031-06-02T07:00:00.000Z");
    expect(doorListKeepUntil(new Date("2031-11-02T02:00:00Z"), "America/Los_Angeles").toISOString()).toBe("2031-11-03T08:00:00.000Z");
    expect(await loadDoorList(database.handle.db, member, eventId, options)).toMatchObject({ ok: false, reason: "forbidden" });
    expect(await loadDoorList(database.handle.db, usher, crypto.randomUUID(), options)).toMatchObject({ ok: false, reason: "not-found" });
  });

  it("applies a sync once: sent again, every tap answers as before and nothing changes", async () => {
    const { eventId, ids } = await eventWith([{ name: "Ana Lopez", seats: 3 }]);
    const taps = [arrive(ids[0]!, minutesAgo(10), 2), arrive(ids[0]!, minutesAgo(9), 2), { ...arrive(ids[0]!, minutesAgo(8)), kind: "undo" as const }];
    const first = await syncDoorTaps(database.handle.db, usher, eventId, { taps }, options);
    if (!first.ok) throw new Error(first.message);
    expect(first.answer.taps.map((tap) => tap.outcome)).toEqual(["applied", "applied", "applied"]);
    expect(first.answer.taps.map((tap) => tap.message)).toEqual(["Ana Lopez: 2 of 3 seats arrived.", "Ana Lopez: all 3 seats arrived.", "Ana Lopez: 2 of 3 seats arrived."]);
    const again = await syncDoorTaps(database.handle.db, usher, eventId, { taps }, options);
    if (!again.ok) throw new Error(again.message);
    expect(again.answer.taps).toEqual(first.answer.taps);
    expect((await guestOf(ids[0]!)).arrivedSeats).toBe(2);
    expect(again.answer.list.guests[0]).toMatchObject({ arrivedSeats: 2, firstArrival: { at: minutesAgo(10), by: usher.email } });
  });

  it("converges two phones on one ticket: seats never exceeded, the first tap's time and person kept", async () => {
    const { eventId, ids } = await eventWith([{ name: "Ana Lopez", seats: 1 }]);
    const phoneA = [arrive(ids[0]!, minutesAgo(5))];
    const phoneB = [arrive(ids[0]!, minutesAgo(7))];
    const [a, b] = await Promise.all([syncDoorTaps(database.handle.db, usher, eventId, { taps: phoneA }, options), syncDoorTaps(database.handle.db, admin, eventId, { taps: phoneB }, options)]);
    if (!a.ok || !b.ok) throw new Error("refused");
    expect([a.answer.taps[0]!.outcome, b.answer.taps[0]!.outcome].sort()).toEqual(["applied", "unchanged"]);
    const ana = await guestOf(ids[0]!);
    expect(ana.arrivedSeats).toBe(1);
    // Phone B tapped first (7 minutes ago), whichever synced first.
    expect(ana.firstArrivedAt?.toISOString()).toBe(minutesAgo(7));
    expect(ana.firstArrivedBy).toBe(admin.email);
    // The phone's clock is believed within the last day only.
    const { eventId: other, ids: [bruno] } = await eventWith([{ name: "Bruno Diaz", seats: 1 }]);
    await syncDoorTaps(database.handle.db, usher, other, { taps: [arrive(bruno!, "2020-01-01T00:00:00Z")] }, options);
    expect((await guestOf(bruno!)).firstArrivedAt?.toISOString()).toBe(minutesAgo(24 * 60));
  });

  it("lets a walk-in into a full event, once, marks it over capacity, and applies later taps on its local id", async () => {
    const { eventId } = await eventWith([{ name: "Ana Lopez", seats: 2 }], 2);
    const localId = crypto.randomUUID();
    const walkIn = { id: localId, kind: "walk-in" as const, reservationId: localId, seats: 3, at: minutesAgo(3), name: "Walk In", email: "", phone: "+1 619 555 0101" };
    const undo = { id: crypto.randomUUID(), kind: "undo" as const, reservationId: localId, at: minutesAgo(2) };
    const first = await syncDoorTaps(database.handle.db, usher, eventId, { taps: [walkIn, undo] }, options);
    if (!first.ok) throw new Error(first.message);
    expect(first.answer.taps.map((tap) => tap.outcome)).toEqual(["applied", "applied"]);
    expect(first.answer.taps[0]!.message).toBe("Walk-in Walk In added, 3 seats arrived. Over capacity: 5 seats for 2.");
    expect(first.answer.list).toMatchObject({ seatsTaken: 5, overCapacity: true });
    const again = await syncDoorTaps(database.handle.db, usher, eventId, { taps: [walkIn, undo] }, options);
    if (!again.ok) throw new Error(again.message);
    expect(again.answer.taps).toEqual(first.answer.taps);
    const walkIns = again.answer.list.guests.filter((guest) => guest.name === "Walk In");
    expect(walkIns).toEqual([expect.objectContaining({ seats: 3, arrivedSeats: 2, firstArrival: { at: minutesAgo(3), by: usher.email } })]);
    const [event] = await database.handle.db.select().from(events).where(eq(events.id, eventId));
    expect(event).toMatchObject({ seatsTaken: 5, doorExtraSeats: 3, maxSeats: 2 });
    // The seat rule still holds for everyone else: the online form and staff find no seat left.
    const refusedWalkIn = { id: crypto.randomUUID(), kind: "walk-in" as const, reservationId: crypto.randomUUID(), seats: 1, at: minutesAgo(1), name: "X" };
    const namelessId = crypto.randomUUID();
    const nameless = { ...refusedWalkIn, id: namelessId, reservationId: namelessId, name: " " };
    const refused = await syncDoorTaps(database.handle.db, usher, eventId, { taps: [refusedWalkIn, nameless] }, options);
    if (!refused.ok) throw new Error(refused.message);
    expect(refused.answer.taps.map((tap) => tap.outcome)).toEqual(["refused", "refused"]);
    expect(refused.answer.taps[1]!.message).toMatch(/name/i);
  });

  it("refuses a tap on another event's guest or another event's tap id, a member, and a body that is not the contract", async () => {
    const first = await eventWith([{ name: "Ana Lopez", seats: 2 }]);
    const second = await eventWith([{ name: "Dana Other", seats: 2 }]);
    const tap = arrive(second.ids[0]!, minutesAgo(1));
    const onOther = await syncDoorTaps(database.handle.db, usher, first.eventId, { taps: [tap] }, options);
    expect(onOther).toMatchObject({ ok: true, answer: { taps: [{ outcome: "refused" }] } });
    expect((await guestOf(second.ids[0]!)).arrivedSeats).toBe(0);
    const stolenId = await syncDoorTaps(database.handle.db, usher, second.eventId, { taps: [tap] }, options);
    expect(stolenId).toMatchObject({ ok: true, answer: { taps: [{ outcome: "refused", message: "This check-in was made for another event." }] } });
    expect((await guestOf(second.ids[0]!)).arrivedSeats).toBe(0);
    expect(await syncDoorTaps(database.handle.db, member, first.eventId, { taps: [] }, options)).toMatchObject({ ok: false, reason: "forbidden" });
    expect(await syncDoorTaps(database.handle.db, usher, first.eventId, { taps: [{ id: "nope" }] }, options)).toMatchObject({ ok: false, reason: "invalid" });
    expect(await syncDoorTaps(database.handle.db, usher, first.eventId, "nonsense", options)).toMatchObject({ ok: false, reason: "invalid" });
  });

  it("sets and clears the first arrival on the page's online taps too", async () => {
    const { eventId, ids } = await eventWith([{ name: "Ana Lopez", seats: 2 }]);
    await checkInGuest(database.handle.db, usher, { eventId, reservationId: ids[0], intent: "arrive-one" });
    const arrived = await guestOf(ids[0]!);
    expect(arrived.firstArrivedBy).toBe(usher.email);
    expect(arrived.firstArrivedAt).not.toBeNull();
    await checkInGuest(database.handle.db, admin, { eventId, reservationId: ids[0], intent: "arrive-one" });
    expect((await guestOf(ids[0]!)).firstArrivedBy).toBe(usher.email);
    await undoCheckIn(database.handle.db, usher, { eventId, reservationId: ids[0] });
    expect((await guestOf(ids[0]!)).firstArrivedBy).toBe(usher.email);
    await undoCheckIn(database.handle.db, usher, { eventId, reservationId: ids[0] });
    expect(await guestOf(ids[0]!)).toMatchObject({ arrivedSeats: 0, firstArrivedAt: null, firstArrivedBy: null });
  });

  it("names what a ticket code the list lacks is: this event's guest, another event's, a cancelled one, none of ours", async () => {
    const first = await eventWith([{ name: "Ana Lopez", seats: 2 }, { name: "Gone Guest", seats: 1 }]);
    const second = await eventWith([{ name: "Dana Other", seats: 2 }]);
    const codeOf = async (id: string) => ticketCode(secret, (await guestOf(id)).ticketRef);
    const look = (code: unknown) => lookUpTicket(database.handle.db, usher, first.eventId, { code }, { ...options, client });
    expect(await look(await codeOf(first.ids[0]!))).toEqual({ ok: true, lookup: { kind: "guest", reservationId: first.ids[0] } });
    expect(await look(await codeOf(second.ids[0]!))).toMatchObject({ ok: true, lookup: { kind: "other-event", eventTitle: `Sync night ${night}`, when: "May 31st, 2031, 7:00 PM" } });
    const gone = await codeOf(first.ids[1]!);
    await database.handle.db.delete(reservations).where(eq(reservations.id, first.ids[1]!));
    expect(await look(gone)).toEqual({ ok: true, lookup: { kind: "cancelled" } });
    const code = await codeOf(first.ids[0]!);
    const altered = `${code.slice(0, 5)}${code[5] === "A" ? "B" : "A"}${code.slice(6)}`;
    expect(await look(altered)).toEqual({ ok: true, lookup: { kind: "unknown" } });
    expect(await look(ticketCode("another-secret", (await guestOf(first.ids[0]!)).ticketRef))).toEqual({ ok: true, lookup: { kind: "unknown" } });
    expect(await look(42)).toMatchObject({ ok: false, reason: "invalid" });
    expect(await lookUpTicket(database.handle.db, member, first.eventId, { code }, { ...options, client })).toMatchObject({ ok: false, reason: "forbidden" });
  });

  it("refuses ticket lookups past 60 a minute", async () => {
    const { eventId } = await eventWith([{ name: "Ana Lopez", seats: 2 }]);
    const busy = { ...usher, id: `busy-${crypto.randomUUID()}` };
    const answers = await Promise.all(Array.from({ length: 61 }, () => lookUpTicket(database.handle.db, busy, eventId, { code: "nothing" }, { ...options, client: { key: `c-${busy.id}`, rateLimitMultiplier: 1 } })));
    expect(answers.filter((answer) => answer.ok)).toHaveLength(60);
    expect(answers.find((answer) => !answer.ok)).toMatchObject({ ok: false, reason: "too-many-attempts" });
  });

  it("purges the taps of events ended more than 7 days ago", async () => {
    const recent = await eventWith([{ name: "Ana Lopez", seats: 2 }]);
    const tap = arrive(recent.ids[0]!, minutesAgo(1));
    await syncDoorTaps(database.handle.db, usher, recent.eventId, { taps: [tap] }, options);
    const keptIds = (await database.handle.db.select({ id: doorTaps.id }).from(doorTaps)).map((row) => row.id);
    expect(keptIds).toContain(tap.id);
    // Seven days after the event's end (two hours long): kept; a minute more, gone.
    const end = new Date("2031-06-01T04:00:00Z").getTime();
    await purgeDoorTaps(database.handle.db, new Date(end + 7 * 86_400_000 - 60_000));
    expect(await database.handle.db.select().from(doorTaps).where(inArray(doorTaps.id, [tap.id]))).toHaveLength(1);
    await purgeDoorTaps(database.handle.db, new Date(end + 7 * 86_400_000 + 60_000));
    expect(await database.handle.db.select().from(doorTaps).where(inArray(doorTaps.id, [tap.id]))).toHaveLength(0);
  });
});

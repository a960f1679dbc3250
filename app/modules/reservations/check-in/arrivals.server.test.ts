import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityLog, events, reservations } from "#db/schema";
import { buildEvent, buildReservation } from "#app/modules/demo/factories/events";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { loadCheckIn, type CheckInActor } from "./arrivals.server";
import { loadDoorList } from "./door-sync.server";
import { checkInGuest } from "./check-in-guest.server";
import { insertReservations } from "../insert-reservations.server";
import { undoCheckIn } from "./undo-check-in.server";
import { groupTicketCode } from "../tickets/ticket-code";
import { readTicketCode } from "../tickets/ticket-code.server";

// The check-in use cases against a real database: the embedded one, and PostgreSQL with DATABASE_URL.
describe("checking guests in", () => {
  let database: TestDatabase;
  const usher: CheckInActor = { id: "usher-1", email: "usher@example.com", role: "event-staff" };
  const member: CheckInActor = { id: "member-1", email: "member@example.com", role: "member" };

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.dispose());

  let night = 0;
  async function eventWithGuest(seats: number) {
    const db = database.handle.db;
    night += 1;
    const [event] = await db.insert(events).values(buildEvent({ title: `Door night ${night}`, startsAt: new Date("2031-06-01T02:00:00Z"), maxSeats: 20 })).returning();
    const [reservation] = await insertReservations(db, [buildReservation(event!.id, { visitorName: "Ana Lopez", seats })]);
    return { eventId: event!.id, reservationId: reservation!.id };
  }
  const arrived = async (reservationId: string) =>
    (await database.handle.db.select({ arrived: reservations.arrivedSeats }).from(reservations).where(eq(reservations.id, reservationId)))[0]!.arrived;

  it("counts every one of many simultaneous taps up to the seats, and no further", async () => {
    const ids = await eventWithGuest(7);
    const taps = await Promise.all(Array.from({ length: 12 }, () => checkInGuest(database.handle.db, usher, { ...ids, intent: "arrive-one" })));
    expect(taps.filter((tap) => tap.ok)).toHaveLength(7);
    expect(taps.filter((tap) => !tap.ok && tap.reason === "unchanged")).toHaveLength(5);
    expect(await arrived(ids.reservationId)).toBe(7);
    const logged = await database.handle.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.subjectId, ids.reservationId), eq(activityLog.kind, "reservation.checked-in")));
    expect(logged).toHaveLength(7);
    expect(logged.map((entry) => (entry.after as { arrivedSeats: number }).arrivedSeats).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it("marks a whole group at once, undoes one seat at a time, and says when there is nothing to undo", async () => {
    const ids = await eventWithGuest(3);
    const all = await checkInGuest(database.handle.db, usher, { ...ids, intent: "arrive-all" });
    expect(all).toMatchObject({ ok: true, arrivedSeats: 3, message: "Ana Lopez: all 3 seats arrived." });
    for (const expected of [2, 1, 0]) expect(await undoCheckIn(database.handle.db, usher, ids)).toMatchObject({ ok: true, arrivedSeats: expected });
    expect(await undoCheckIn(database.handle.db, usher, ids)).toMatchObject({ ok: false, reason: "unchanged", message: "No arrival to undo for Ana Lopez." });
    // The undo use case only ever undoes, whatever intent is posted with it.
    expect(await undoCheckIn(database.handle.db, usher, { ...ids, intent: "arrive-all" })).toMatchObject({ ok: false, reason: "unchanged" });
    expect(await arrived(ids.reservationId)).toBe(0);
  });

  it("refuses a guest of another event, an unknown guest, an unknown tap and a member", async () => {
    const first = await eventWithGuest(2);
    const second = await eventWithGuest(2);
    expect(await checkInGuest(database.handle.db, usher, { eventId: second.eventId, reservationId: first.reservationId, intent: "arrive-one" })).toMatchObject({ ok: false, reason: "not-found" });
    expect(await checkInGuest(database.handle.db, usher, { eventId: first.eventId, reservationId: crypto.randomUUID(), intent: "arrive-one" })).toMatchObject({ ok: false, reason: "not-found" });
    expect(await checkInGuest(database.handle.db, usher, { eventId: first.eventId, reservationId: "nonsense", intent: "arrive-one" })).toMatchObject({ ok: false, reason: "not-found" });
    expect(await checkInGuest(database.handle.db, usher, { ...first, intent: "undo" })).toMatchObject({ ok: false, reason: "invalid" });
    expect(await checkInGuest(database.handle.db, usher, { ...first, intent: "dance" })).toMatchObject({ ok: false, reason: "invalid" });
    expect(await checkInGuest(database.handle.db, member, { ...first, intent: "arrive-one" })).toMatchObject({ ok: false, reason: "forbidden" });
    expect(await loadCheckIn(database.handle.db, member, first.eventId)).toMatchObject({ ok: false, reason: "forbidden" });
    // Nor the tickets: a refusal carries no list, so no codes.
    expect(await loadCheckIn(database.handle.db, member, first.eventId, { ticketSecret: "a-signing-secret-of-enough-length-0123456789" })).not.toHaveProperty("tickets");
    expect(await loadCheckIn(database.handle.db, usher, "not-an-id")).toMatchObject({ ok: false, reason: "not-found" });
    expect(await arrived(first.reservationId)).toBe(0);
  });

  it("keeps who checked a guest in first, and when, until undo takes the last seat back", async () => {
    const ids = await eventWithGuest(2);
    const other: CheckInActor = { id: "usher-2", email: "other@example.com", role: "event-staff" };
    await checkInGuest(database.handle.db, usher, { ...ids, intent: "arrive-one" });
    await checkInGuest(database.handle.db, other, { ...ids, intent: "arrive-one" });
    const door = (id: string) => loadDoorList(database.handle.db, usher, id, { secret: "a-signing-secret-of-enough-length-0123456789", timeZone: "America/Los_Angeles" });
    const list = await door(ids.eventId);
    const [guest] = list.ok ? list.list.guests : [];
    expect(guest?.firstArrival?.by).toBe("usher@example.com");
    expect(Date.parse(guest?.firstArrival?.at ?? "")).not.toBeNaN();
    expect(guest?.ticketHash).toMatch(/^[0-9a-f]{64}$/);
    await undoCheckIn(database.handle.db, usher, ids);
    expect(await door(ids.eventId)).toMatchObject({ list: { guests: [{ firstArrival: { by: "usher@example.com" } }] } });
    await undoCheckIn(database.handle.db, usher, ids);
    expect(await door(ids.eventId)).toMatchObject({ list: { guests: [{ arrivedSeats: 0, firstArrival: null }] } });
  });

  it("keeps arrivals within the seats when a guest gives seats back", async () => {
    const ids = await eventWithGuest(4);
    await checkInGuest(database.handle.db, usher, { ...ids, intent: "arrive-all" });
    await database.handle.db.update(reservations).set({ seats: 2 }).where(eq(reservations.id, ids.reservationId));
    expect(await arrived(ids.reservationId)).toBe(2);
    const list = await loadCheckIn(database.handle.db, usher, ids.eventId);
    expect(list).toMatchObject({ ok: true, guests: [{ name: "Ana Lopez", seats: 2, arrivedSeats: 2 }] });
  });

  it("gives the printed list every guest's ticket, walk-ins' too, only when asked with the signing secret", async () => {
    const ids = await eventWithGuest(2);
    const secret = "a-signing-secret-of-enough-length-0123456789";
    const [walkIn] = await insertReservations(database.handle.db, [{ ...buildReservation(ids.eventId, { visitorName: "Bo Walk-in", seats: 1 }), visitorEmail: null }]);
    const rows = await database.handle.db.select({ id: reservations.id, ticketRef: reservations.ticketRef }).from(reservations).where(eq(reservations.eventId, ids.eventId));
    const list = await loadCheckIn(database.handle.db, usher, ids.eventId, { ticketSecret: secret });
    if (!list.ok) throw new Error(list.message);
    expect(Object.keys(list.tickets).sort()).toEqual([ids.reservationId, walkIn!.id].sort());
    for (const row of rows) {
      const ticket = list.tickets[row.id]!;
      expect(ticket.code).toBe(groupTicketCode(ticket.code.replaceAll(" ", "")));
      expect(readTicketCode(secret, ticket.code)).toBe(row.ticketRef);
      expect(ticket.qr.size).toBe(21);
    }
    // The screen's rows carry no code.
    expect(JSON.stringify(list.guests)).not.toContain(list.tickets[ids.reservationId]!.code.replaceAll(" ", "").slice(0, 8));
    expect(await loadCheckIn(database.handle.db, usher, ids.eventId)).toMatchObject({ ok: true, tickets: {} });
  });
});

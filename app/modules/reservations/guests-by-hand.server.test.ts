import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityLog, events, outbox, reservations } from "#db/schema";
import { buildEvent, buildReservation } from "#app/modules/demo/factories/events";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { addGuest } from "./add-guest.server";
import { checkInGuest } from "./check-in/check-in-guest.server";
import { editGuest } from "./edit-guest.server";
import { insertReservations } from "./insert-reservations.server";
import type { ReservationsActor } from "./staff-outcome.server";
import { noOutboxWake } from "#app/modules/messaging/index.server";

// Guests added and edited by staff (decision 043), against a real database.
describe("guests by hand", () => {
  let database: TestDatabase;
  const usher: ReservationsActor = { id: "usher-1", email: "usher@example.com", role: "event-staff" };
  const member: ReservationsActor = { id: "member-1", email: "member@example.com", role: "member" };
  const offers = { now: new Date("2031-01-01T00:00:00Z"), offerHours: 12 };

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.dispose());

  let night = 0;
  async function eventWith(maxSeats: number | null, guests: number[] = [], startsAt = new Date("2031-06-01T02:00:00Z")) {
    const db = database.handle.db;
    night += 1;
    const [event] = await db.insert(events).values(buildEvent({ title: `Hand night ${night}`, startsAt, maxSeats })).returning();
    const rows = await insertReservations(
      db,
      guests.map((seats, index) => buildReservation(event!.id, { visitorName: `Guest ${index}`, seats })),
    );
    return { eventId: event!.id, reservationIds: rows.map((row) => row.id) };
  }
  const seatsTaken = async (eventId: string) => (await database.handle.db.select().from(events).where(eq(events.id, eventId)))[0]!.seatsTaken;
  const reservation = async (id: string) => (await database.handle.db.select().from(reservations).where(eq(reservations.id, id)))[0]!;

  it("adds a phone booking within the seats left, logs it, and refuses one past capacity keeping what was typed", async () => {
    const { eventId } = await eventWith(6, [3]);
    const added = await addGuest(database.handle.db, usher, { eventId, name: "Rosa Phone", email: "", phone: "(555) 010-2000", seats: "2" }, noOutboxWake);
    expect(added).toMatchObject({ ok: true, message: "Rosa Phone added with 2 seats." });
    if (!added.ok) throw new Error("not added");
    const row = await reservation(added.reservationId);
    expect(row).toMatchObject({ visitorName: "Rosa Phone", visitorEmail: null, phone: "(555) 010-2000", seats: 2, arrivedSeats: 0 });
    expect(await seatsTaken(eventId)).toBe(5);
    const logged = await database.handle.db.select().from(activityLog).where(and(eq(activityLog.subjectId, added.reservationId), eq(activityLog.kind, "reservation.added")));
    expect(logged).toHaveLength(1);

    const tooMany = await addGuest(database.handle.db, usher, { eventId, name: "Late Larry", email: "larry@example.com", seats: "2" }, noOutboxWake);
    expect(tooMany).toMatchObject({ ok: false, reason: "invalid", fieldErrors: { seats: "Only 1 seat is left for this event." }, values: { name: "Late Larry", email: "larry@example.com", seats: "2" } });
    expect(await seatsTaken(eventId)).toBe(5);
  });

  it("never oversells when staff and the door add guests at the same moment", async () => {
    const { eventId } = await eventWith(5);
    const attempts = await Promise.all(Array.from({ length: 8 }, (_, index) => addGuest(database.handle.db, usher, { eventId, name: `Rush ${index}`, seats: "1" }, noOutboxWake)));
    expect(attempts.filter((attempt) => attempt.ok)).toHaveLength(5);
    expect(await seatsTaken(eventId)).toBe(5);
  });

  it("adds a walk-in already arrived, also once the event has begun", async () => {
    const { eventId } = await eventWith(10, [], new Date(Date.now() - 30 * 60_000));
    const walkIn = await addGuest(database.handle.db, usher, { eventId, name: "Wanda Walk", seats: "3", walkIn: "on", sendConfirmation: "on" }, noOutboxWake);
    expect(walkIn).toMatchObject({ ok: true, message: "Walk-in Wanda Walk added, 3 seats arrived." });
    if (!walkIn.ok) throw new Error("not added");
    expect(await reservation(walkIn.reservationId)).toMatchObject({ seats: 3, arrivedSeats: 3, visitorEmail: null });
  });

  it("queues the confirmation e-mail only when asked and an address is given", async () => {
    const { eventId } = await eventWith(10);
    const asked = await addGuest(database.handle.db, usher, { eventId, name: "Mail Me", email: "mail-me@example.com", seats: "1", sendConfirmation: "on" }, noOutboxWake);
    const notAsked = await addGuest(database.handle.db, usher, { eventId, name: "Quiet Quinn", email: "quiet@example.com", seats: "1" }, noOutboxWake);
    expect(asked.ok && notAsked.ok).toBe(true);
    const mails = await database.handle.db.select().from(outbox).where(eq(outbox.recipient, "mail-me@example.com"));
    expect(mails).toHaveLength(1);
    expect(await database.handle.db.select().from(outbox).where(eq(outbox.recipient, "quiet@example.com"))).toHaveLength(0);
    expect(asked.ok ? asked.message : "").toContain("confirmation e-mail");
  });

  it("edits name, e-mail, phone and seats 3 → 2, giving the seat back and logging only what changed", async () => {
    const { eventId, reservationIds } = await eventWith(10, [3]);
    const id = reservationIds[0]!;
    const edited = await editGuest(database.handle.db, usher, { reservationId: id, name: "Guest Zero Fixed", email: "fixed@example.com", phone: "", seats: "2" }, offers, noOutboxWake);
    expect(edited).toMatchObject({ ok: true, message: "Guest Zero Fixed's reservation saved." });
    expect(await reservation(id)).toMatchObject({ visitorName: "Guest Zero Fixed", visitorEmail: "fixed@example.com", visitorEmailKey: "fixed@example.com", seats: 2 });
    expect(await seatsTaken(eventId)).toBe(2);
    const [line] = await database.handle.db.select().from(activityLog).where(and(eq(activityLog.subjectId, id), eq(activityLog.kind, "reservation.edited")));
    expect(line?.after).toMatchObject({ name: "Guest Zero Fixed", seats: 2 });
    expect(Object.keys(line!.after as object)).not.toContain("phone");
    expect(await editGuest(database.handle.db, usher, { reservationId: id, name: "Guest Zero Fixed", email: "fixed@example.com", seats: "2" }, offers, noOutboxWake)).toMatchObject({ ok: true, message: "Nothing was changed." });
  });

  it("refuses seats below those already arrived, and more seats than the event has left", async () => {
    const { eventId, reservationIds } = await eventWith(5, [3, 1]);
    const id = reservationIds[0]!;
    await checkInGuest(database.handle.db, usher, { eventId, reservationId: id, intent: "arrive-all" });
    const below = await editGuest(database.handle.db, usher, { reservationId: id, name: "Guest 0", seats: "2" }, offers, noOutboxWake);
    expect(below).toMatchObject({ ok: false, reason: "invalid", fieldErrors: { seats: expect.stringContaining("3 seats have already arrived") }, values: { seats: "2" } });
    const past = await editGuest(database.handle.db, usher, { reservationId: id, name: "Guest 0", seats: "5" }, offers, noOutboxWake);
    expect(past).toMatchObject({ ok: false, reason: "invalid", fieldErrors: { seats: "Only 1 seat is left for this event." } });
    expect(await editGuest(database.handle.db, usher, { reservationId: id, name: "Guest 0", seats: "4" }, offers, noOutboxWake)).toMatchObject({ ok: true });
    expect(await seatsTaken(eventId)).toBe(5);
  });

  it("refuses a member, an event without a seat limit for event staff, a bad field and an unknown guest", async () => {
    const { eventId, reservationIds } = await eventWith(5, [1]);
    expect(await addGuest(database.handle.db, member, { eventId, name: "X", seats: "1" }, noOutboxWake)).toMatchObject({ ok: false, reason: "forbidden" });
    expect(await editGuest(database.handle.db, member, { reservationId: reservationIds[0], name: "X", seats: "1" }, offers, noOutboxWake)).toMatchObject({ ok: false, reason: "forbidden" });
    const ticketed = await eventWith(null);
    expect(await addGuest(database.handle.db, usher, { eventId: ticketed.eventId, name: "X", seats: "1" }, noOutboxWake)).toMatchObject({ ok: false, reason: "forbidden" });
    expect(await addGuest(database.handle.db, usher, { eventId, name: "", email: "not-an-address", seats: "11" }, noOutboxWake)).toMatchObject({
      ok: false,
      reason: "invalid",
      fieldErrors: { name: "Please enter your name.", email: "Please enter a valid email address.", seats: "Please choose between 1 and 10 seats." },
    });
    expect(await editGuest(database.handle.db, usher, { reservationId: "00000000-0000-4000-8000-000000000000", name: "X", seats: "1" }, offers, noOutboxWake)).toMatchObject({ ok: false, reason: "not-found" });
  });
});

import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events, guestTokens, reservations } from "#db/schema";
import { buildEvent, buildReservation } from "#app/modules/demo/factories/events";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { waitFor } from "#tests/support/wait-for";
import { deleteEventForGood } from "#app/modules/events/index.server";
import { deleteEventWithReservations } from "./delete-event-with-reservations.server";
import { eventReservations } from "./event-reservations.server";
import { mintGuestTokens } from "./guest-tokens.server";
import { insertReservations } from "./insert-reservations.server";

/*
 * Deleting an event locks its reservations; the outbox sender, minting the guest links of a batch
 * of e-mails, locks the same rows through the links' foreign key. Both take them in id order, so
 * neither can hold one row while waiting for the other's (a deadlock failed the staff member's
 * delete with 503 on PostgreSQL). Each test below plays one side by hand, from a second connection,
 * in id order, and lets the real code play the other: it fails with a deadlock when that code takes
 * the rows in another order. PostgreSQL only: the embedded database has one connection, so nothing
 * there waits on a row lock.
 */
describe.runIf(process.env.DATABASE_URL)("locks shared by deleting an event and minting guest links", () => {
  let database: TestDatabase;
  let other: pg.Client;
  const admin = { id: "admin-1", email: "admin@example.com", role: "admin" as const };

  beforeAll(async () => {
    database = await createTestDatabase();
    other = new pg.Client({ connectionString: database.url });
    await other.connect();
  });
  afterAll(async () => {
    await other?.end();
    await database?.dispose();
  });

  /** An event with a high and a low reservation id, the high one inserted first: a scan meets them against id order. */
  async function eventWithTwoReservations(title: string, n: number, status: "published" | "archived" = "published") {
    const { db } = database.handle;
    const startsAt = new Date(Date.now() + 30 * 86_400_000);
    const [event] = await db.insert(events).values(buildEvent({ title, startsAt, maxSeats: 10, status })).returning();
    const high = `ffffffff-ffff-4fff-bfff-ffffffffff0${n}`;
    const low = `00000000-0000-4000-8000-00000000000${n}`;
    await insertReservations(db, [{ ...buildReservation(event!.id), id: high }]);
    await insertReservations(db, [{ ...buildReservation(event!.id), id: low }]);
    return { event: event!, high, low };
  }

  /** Waits until a statement of the code under test is queued behind a row lock. */
  async function somethingWaitsOnARowLock() {
    await waitFor(async () => {
      const { rows } = await other.query<{ waiting: number }>(
        "select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
      );
      return rows[0]!.waiting > 0;
    }, 10_000);
  }

  /**
   * Plays one side from the second connection: locks the low row (in `mode`), starts `run`, waits
   * until it queues behind that lock, then locks the high row and commits. `run` then ends; it
   * deadlocks instead when it took the high row before the low one.
   */
  async function lockBothInIdOrderWhile<T>(mode: "for key share" | "for update", ids: { high: string; low: string }, run: () => Promise<T>) {
    await other.query("begin");
    try {
      await other.query(`select 1 from reservations where id = $1 ${mode}`, [ids.low]);
      const running = run();
      await somethingWaitsOnARowLock();
      await other.query(`select 1 from reservations where id = $1 ${mode}`, [ids.high]);
      await other.query("commit");
      return await running;
    } catch (error) {
      await other.query("rollback").catch(() => undefined);
      throw error;
    }
  }

  it("deletes an event from the reservations page while the sender locks its reservations for new links, both in id order", async () => {
    const { event, ...ids } = await eventWithTwoReservations("Deleted while mailing", 1);
    const outcome = await lockBothInIdOrderWhile("for key share", ids, () => deleteEventWithReservations(database.handle.db, admin, { eventId: event.id }));
    expect(outcome).toMatchObject({ ok: true, reservationsDeleted: 2 });
    expect(await database.handle.db.select().from(reservations).where(eq(reservations.eventId, event.id))).toEqual([]);
  });

  it("deletes an archived event for good from the events page the same way", async () => {
    const { event, ...ids } = await eventWithTwoReservations("Removed while mailing", 3, "archived");
    const outcome = await lockBothInIdOrderWhile("for key share", ids, () => deleteEventForGood(database.handle.db, admin, { id: event.id }, eventReservations));
    expect(outcome).toMatchObject({ ok: true, reservationsDeleted: 2 });
    expect(await database.handle.db.select().from(events).where(eq(events.id, event.id))).toEqual([]);
  });

  it("mints links for a batch while their reservations are being locked for a delete, both in id order", async () => {
    const { high, low } = await eventWithTwoReservations("Mailed while deleted", 2);
    const expiresAt = new Date(Date.now() + 86_400_000);
    // The batch names the rows against id order, as a batch in any order may.
    const tokens = await lockBothInIdOrderWhile("for update", { high, low }, () =>
      mintGuestTokens(database.handle.db, [
        { purpose: "cancel-reservation", reservationId: high, expiresAt },
        { purpose: "cancel-reservation", reservationId: low, expiresAt },
      ]),
    );
    expect(tokens).toHaveLength(2);
    const minted = await database.handle.db.select().from(guestTokens).where(eq(guestTokens.purpose, "cancel-reservation"));
    expect(minted.map((token) => token.reservationId).sort()).toEqual([low, high]);
  });
});

import { and, eq, gt, gte, inArray, isNotNull, lte, sql } from "drizzle-orm";
import type { Database } from "#app/lib/db.server";
import { events, type EventRow } from "#db/schema";

/**
 * What other modules ask of an event row, the `events` table staying this module's own
 * (docs/decisions/064): lookups, and the columns the reservations module keeps — the seat counter
 * `seats_taken` (decision 018), `max_seats` and `reminders_enabled` — each changed by one
 * statement that runs in the caller's transaction (`tx`), so the caller keeps its atomicity and
 * its row locks. The counter's CHECK constraints back every write here.
 */

/** One event, by id or by slug. */
export type WhichEvent = { eventId: string } | { eventSlug: string };

const whereEvent = (which: WhichEvent) => ("eventId" in which ? eq(events.id, which.eventId) : eq(events.slug, which.eventSlug));

/** The event, or undefined (no lock). */
export async function findEvent(db: Database, which: WhichEvent): Promise<EventRow | undefined> {
  const [event] = await db.select().from(events).where(whereEvent(which));
  return event;
}

/** The events with these ids, by id (missing ones left out). */
export async function findEventsByIds(db: Database, ids: readonly string[]): Promise<Map<string, EventRow>> {
  const unique = [...new Set(ids)];
  const rows = unique.length ? await db.select().from(events).where(inArray(events.id, unique)) : [];
  return new Map(rows.map((row) => [row.id, row]));
}

/** Events whose title, trimmed, is `title` in any case (a guest names an event by its title). */
export async function findEventsTitled(db: Database, title: string): Promise<EventRow[]> {
  return db.select().from(events).where(sql`lower(trim(${events.title})) = lower(${title})`);
}

/**
 * Locks the event's row until the commit and reads it (FOR NO KEY UPDATE: a reservation's foreign
 * key check does not wait on it). Writers that also lock reservation rows take those first.
 */
export async function lockEvent(tx: Database, eventId: string): Promise<EventRow | undefined> {
  const [event] = await tx.select().from(events).where(eq(events.id, eventId)).for("no key update");
  return event;
}

/**
 * The public form's seats: adds `seats` to `seats_taken` in one conditional UPDATE, only while the
 * event is published, not marked sold out, taking reservations here (max seats set), not begun at
 * `now`, and the seats fit under max seats. Answers the event as it is then, or undefined when a
 * condition refused (nothing changed). The UPDATE takes the event's row lock until the commit,
 * which is what queues concurrent reservations for one event (docs/decisions/008, 018).
 */
export async function takeSeatsIfOpen(tx: Database, eventId: string, seats: number, now: Date): Promise<EventRow | undefined> {
  const [taken] = await tx
    .update(events)
    .set({ seatsTaken: sql`${events.seatsTaken} + ${seats}` })
    .where(
      and(
        eq(events.id, eventId),
        eq(events.status, "published"),
        eq(events.soldOut, false),
        isNotNull(events.maxSeats),
        gte(events.startsAt, now),
        sql`${events.seatsTaken} + ${seats} <= ${events.maxSeats}`,
      ),
    )
    .returning();
  return taken;
}

/**
 * Staff seats and waiting-list holds: adds `seats` to `seats_taken` only if they fit under max
 * seats (whatever the event's status), in one conditional UPDATE that takes the row lock. False
 * when they do not fit (nothing changed).
 */
export async function takeSeatsWithinMax(tx: Database, eventId: string, seats: number): Promise<boolean> {
  const [raised] = await tx
    .update(events)
    .set({ seatsTaken: sql`${events.seatsTaken} + ${seats}` })
    .where(and(eq(events.id, eventId), sql`${events.seatsTaken} + ${seats} <= ${events.maxSeats}`))
    .returning({ id: events.id });
  return raised !== undefined;
}

/**
 * Moves `seats_taken` by `change` seats without a condition: reservations stored outside the form
 * (the CHECK refuses an oversold counter) and held seats given back (negative).
 */
export async function changeSeatsTaken(tx: Database, eventId: string, change: number): Promise<void> {
  if (change === 0) return;
  await tx.update(events).set({ seatsTaken: sql`${events.seatsTaken} + ${change}` }).where(eq(events.id, eventId));
}

/**
 * A walk-in let in at the door (docs/decisions/067): adds `seats` to `seats_taken` even past max
 * seats, raising `door_extra_seats` by what goes past them, so the counter's CHECK holds and no
 * other writer gains room. One UPDATE (its SET reads the row as it was). False when the event takes
 * no reservations here (no max seats).
 */
export async function takeSeatsAtTheDoor(tx: Database, eventId: string, seats: number): Promise<boolean> {
  const [raised] = await tx
    .update(events)
    .set({
      seatsTaken: sql`${events.seatsTaken} + ${seats}`,
      doorExtraSeats: sql`${events.doorExtraSeats} + greatest(0, ${events.seatsTaken} + ${seats} - ${events.maxSeats} - ${events.doorExtraSeats})`,
    })
    .where(and(eq(events.id, eventId), isNotNull(events.maxSeats)))
    .returning({ id: events.id });
  return raised !== undefined;
}

/** Sets max seats (the caller holds the row lock and has checked them against `seats_taken`). */
export async function setEventMaxSeats(tx: Database, eventId: string, maxSeats: number): Promise<void> {
  await tx.update(events).set({ maxSeats, updatedAt: new Date() }).where(eq(events.id, eventId));
}

/** Switches the event's reminder e-mails on or off (the caller holds the row lock). */
export async function setEventReminders(tx: Database, eventId: string, enabled: boolean): Promise<void> {
  await tx.update(events).set({ remindersEnabled: enabled, updatedAt: new Date() }).where(eq(events.id, eventId));
}

/** Published events with reminders on that start after `from` and at the latest at `until`. */
export async function findEventsForReminders(db: Database, from: Date, until: Date): Promise<EventRow[]> {
  return db
    .select()
    .from(events)
    .where(and(eq(events.remindersEnabled, true), eq(events.status, "published"), gt(events.startsAt, from), lte(events.startsAt, until)));
}

/**
 * Free seats (max seats minus seats taken) of those of the given events that start after `now`
 * and take reservations here; the others are left out.
 */
export async function freeSeatsOfUpcoming(db: Database, eventIds: readonly string[], now: Date): Promise<Map<string, number>> {
  const unique = [...new Set(eventIds)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: events.id, maxSeats: events.maxSeats, seatsTaken: events.seatsTaken })
    .from(events)
    .where(and(inArray(events.id, unique), gt(events.startsAt, now), isNotNull(events.maxSeats)));
  return new Map(rows.map((row) => [row.id, row.maxSeats! - row.seatsTaken]));
}

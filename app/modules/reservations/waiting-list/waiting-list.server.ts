import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import { waitlistEntries, type EventRow, type WaitlistEntryRow } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import { disabledLabel, isPastEvent } from "#app/modules/events";
import { changeSeatsTaken, freeSeatsOfUpcoming, lockEvent, takeSeatsWithinMax } from "#app/modules/events/index.server";
import { queueEmailToRender } from "#app/modules/messaging/index.server";
import type { OutboxWake } from "#app/modules/messaging/index.server";

/**
 * The waiting list's seat holds (docs/decisions/027). An offer raises `events.seats_taken` by the
 * entry's seats in the transaction that makes it, so held seats are taken for everyone else and the
 * counter's CHECK still refuses any oversell; claiming turns the hold into a reservation without
 * counting again; expiry, a decline or leaving gives the seats back and offers them to the next.
 * Every transaction here locks the event's row first (after any reservation row it changes), so
 * they queue up per event on every instance and never wait on each other in a circle.
 */

export interface OfferSettings {
  now: Date;
  /** WAITLIST_OFFER_HOURS */
  offerHours: number;
}

/** Whether the event still hands out seats at all (published, upcoming, with seats here). */
export function takesGuests(event: EventRow, now: Date): event is EventRow & { maxSeats: number } {
  return (
    event.status === "published" &&
    !event.soldOut &&
    event.maxSeats !== null &&
    !disabledLabel(event.button) &&
    !isPastEvent(event, now)
  );
}

export const offerEmailKey = (entry: Pick<WaitlistEntryRow, "id" | "offeredAt">) =>
  `waiting-list-offer:${entry.id}:${entry.offeredAt?.getTime() ?? 0}`;

/** The offer's e-mail, rendered when sent (waiting-list-emails.server.ts). */
export const OFFER_RENDERER = "waiting-list-offer";

/** Holds seats for the given entries (locked event passed in) and queues their offer e-mails. */
async function hold(tx: Database, event: EventRow, entries: WaitlistEntryRow[], settings: OfferSettings): Promise<WaitlistEntryRow[]> {
  if (entries.length === 0) return [];
  const total = entries.reduce((sum, entry) => sum + entry.seats, 0);
  const hours = settings.offerHours * 60 * 60 * 1000;
  const expiresAt = new Date(Math.min(settings.now.getTime() + hours, event.startsAt.getTime()));
  // The same conditional UPDATE as a reservation's: the seats fit or nothing is held.
  if (!(await takeSeatsWithinMax(tx, event.id, total))) throw new Error(`The held seats of event ${event.id} no longer fit`);
  const offered = await tx
    .update(waitlistEntries)
    .set({ status: "offered", offeredAt: settings.now, offerExpiresAt: expiresAt, updatedAt: settings.now })
    .where(inArray(waitlistEntries.id, entries.map((entry) => entry.id)))
    .returning();
  for (const entry of offered) {
    await queueEmailToRender(tx, {
      kind: OFFER_RENDERER,
      to: entry.email,
      subject: `Seats for you: ${event.title}`,
      idempotencyKey: offerEmailKey(entry),
      renderer: OFFER_RENDERER,
      refs: { waitlistEntryId: entry.id },
    });
  }
  return offered;
}

/**
 * Offers the event's free seats to the first waiting entries whose group fits, in order of
 * joining (a group too big for what is free is passed over, not made to block smaller ones).
 * Call inside a transaction; locks the event's row.
 */
export async function makeOffers(tx: Database, eventId: string, settings: OfferSettings): Promise<WaitlistEntryRow[]> {
  const event = await lockEvent(tx, eventId);
  if (!event || !takesGuests(event, settings.now)) return [];
  let free = event.maxSeats - event.seatsTaken;
  if (free <= 0) return [];
  const waiting = await tx
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.eventId, eventId), eq(waitlistEntries.status, "waiting"), lte(waitlistEntries.seats, free)))
    .orderBy(asc(waitlistEntries.position));
  const chosen: WaitlistEntryRow[] = [];
  for (const entry of waiting) {
    if (entry.seats > free) continue;
    chosen.push(entry);
    free -= entry.seats;
    if (free === 0) break;
  }
  return hold(tx, event, chosen, settings);
}

/** Gives an offer's held seats back (inside a transaction holding the event's row). */
export async function releaseHold(tx: Database, eventId: string, seats: number): Promise<void> {
  if (seats <= 0) return;
  await changeSeatsTaken(tx, eventId, -seats);
}

/** Wakes the outbox for the offers a committed transaction made (a nudge: the sweep sends them anyway, within a minute). */
export async function announceOffers(offered: WaitlistEntryRow[], wake: OutboxWake): Promise<void> {
  if (offered.length > 0) await wake(offered[0]!.id);
}

/**
 * The events a pass has work for: an offer whose time ran out, or someone waiting whose group fits
 * the free seats of an upcoming event. The entries are read here, the free seats from the events
 * module (two reads: a stale one costs a pass nothing, each event is locked and read again).
 */
async function dueEvents(db: Database, now: Date): Promise<Array<{ eventId: string }>> {
  const rows = await db
    .select({
      eventId: waitlistEntries.eventId,
      expired: sql<boolean>`bool_or(${waitlistEntries.status} = 'offered' and ${waitlistEntries.offerExpiresAt} <= ${now})`,
      smallestWaiting: sql<number | null>`min(${waitlistEntries.seats}) filter (where ${waitlistEntries.status} = 'waiting')`,
    })
    .from(waitlistEntries)
    .where(inArray(waitlistEntries.status, ["offered", "waiting"]))
    .groupBy(waitlistEntries.eventId);
  const waiting = rows.filter((row) => row.smallestWaiting !== null);
  const free = await freeSeatsOfUpcoming(db, waiting.map((row) => row.eventId), now);
  return rows
    .filter((row) => row.expired || (row.smallestWaiting !== null && (free.get(row.eventId) ?? 0) >= Number(row.smallestWaiting)))
    .map((row) => ({ eventId: row.eventId }));
}

/**
 * One pass of the waiting lists (the job, every minute, and after each cancellation): offers whose
 * time ran out expire and give their seats back, then every event with free seats and people
 * waiting makes its offers. One transaction per event.
 */
export async function processWaitingLists(db: Database, settings: OfferSettings, wake: OutboxWake): Promise<{ expired: number; offered: number }> {
  const due = await dueEvents(db, settings.now);
  let expired = 0;
  const offered: WaitlistEntryRow[] = [];
  for (const { eventId } of due) {
    const outcome = await db.transaction(async (tx) => {
      const event = await lockEvent(tx, eventId);
      if (!event) return { expired: 0, offered: [] };
      const ended = await tx
        .update(waitlistEntries)
        .set({ status: "expired", updatedAt: settings.now })
        .where(
          and(eq(waitlistEntries.eventId, eventId), eq(waitlistEntries.status, "offered"), lte(waitlistEntries.offerExpiresAt, settings.now)),
        )
        .returning();
      await releaseHold(tx, eventId, ended.reduce((sum, entry) => sum + entry.seats, 0));
      return { expired: ended.length, offered: await makeOffers(tx, eventId, settings) };
    });
    expired += outcome.expired;
    offered.push(...outcome.offered);
  }
  await announceOffers(offered, wake);
  return { expired, offered: offered.length };
}

export interface WaitingListLine {
  id: string;
  position: number;
  /** Place among those still waiting (1 = next); null once the entry is no longer waiting. */
  place: number | null;
  name: string;
  email: string;
  phone: string | null;
  seats: number;
  status: WaitlistEntryRow["status"];
  offerExpiresAt: Date | null;
  createdAt: Date;
}

/** An event's waiting list in order of joining, with each waiting entry's place (for the staff page). */
export async function listWaitingList(db: Database, eventId: string): Promise<WaitingListLine[]> {
  const rows = await db.select().from(waitlistEntries).where(eq(waitlistEntries.eventId, eventId)).orderBy(asc(waitlistEntries.position));
  let place = 0;
  return rows.map((row) => ({
    id: row.id,
    position: row.position,
    place: row.status === "waiting" ? ++place : null,
    name: row.name,
    email: row.email,
    phone: row.phone,
    seats: row.seats,
    status: row.status,
    offerExpiresAt: row.status === "offered" ? row.offerExpiresAt : null,
    createdAt: row.createdAt,
  }));
}

/** An entry's place among those still waiting for its event (1 = next). */
export async function placeInLine(db: Database, entry: Pick<WaitlistEntryRow, "eventId" | "position">): Promise<number> {
  const [row] = await db
    .select({ ahead: sql<number>`count(*)::int` })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.eventId, entry.eventId), eq(waitlistEntries.status, "waiting"), sql`${waitlistEntries.position} < ${entry.position}`));
  return Number(row?.ahead ?? 0) + 1;
}

/** Holds seats for one entry chosen by staff (waiting, or expired and asked again), if they fit. */
export async function holdForEntry(tx: Database, event: EventRow, entry: WaitlistEntryRow, settings: OfferSettings): Promise<WaitlistEntryRow[]> {
  return hold(tx, event, [entry], settings);
}

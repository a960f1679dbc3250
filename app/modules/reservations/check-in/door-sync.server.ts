import { and, eq, gt, lt, sql } from "drizzle-orm";
import { doorTaps, reservations } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import { formatVenueDateTime } from "#app/lib/event-dates";
import { firstErrorPerField } from "#app/lib/form-errors";
import { normaliseEmailAddress } from "#app/lib/email-address";
import { recordActivity } from "#app/modules/activity/index.server";
import { can } from "#app/modules/access";
import { instantToVenueDateTime, venueDateTimeToInstant } from "#app/modules/events";
import { lockEvent, takeSeatsAtTheDoor } from "#app/modules/events/index.server";
import { normaliseAddress } from "#app/modules/security";
import type { EventRow } from "#db/schema";
import { addGuestSchema, guestFormMessages } from "../guest-form";
import { reservationsAdminMessages } from "../reservations-admin-messages";
import { ticketCode, ticketHash } from "../tickets/ticket-code.server";
import type { CheckInActor } from "./arrivals.server";
import { arrivalMessage, checkInMessages, unchangedMessage } from "./check-in";
import { doorSyncSchema, type DoorList, type DoorSyncAnswer, type DoorTap, type DoorTapOutcome } from "./door-sync";
import { openDoor, readDoorGuests } from "./door-guests.server";
import { firstArrivalCleared, firstArrivalSet } from "./first-arrival.server";

/** What the door's phone endpoints need besides the database and the person. */
export interface DoorOptions {
  /** The server's signing secret (signingSecret(context.auth)): ticket codes are signed with it. */
  secret: string;
  /** The venue's time zone (siteConfig.venue.timeZone). */
  timeZone: string;
  now?: Date;
}

export type DoorRefusal = { ok: false; reason: "forbidden" | "not-found" | "invalid"; message: string };

export const doorSyncMessages = {
  badSync: "The check-ins could not be read: send { taps: [...] } with at most 200 taps.",
  otherEventTap: "This check-in was made for another event.",
  walkInId: "A walk-in's reservationId must be its own id.",
  walkInGone: "This walk-in's reservation no longer exists.",
  refusedBefore: "This check-in was refused.",
  overCapacity: (seatsTaken: number, maxSeats: number) => `${reservationsAdminMessages.overCapacity(seatsTaken, maxSeats)}.`,
} as const;

const DAY = 24 * 60 * 60 * 1000;

/** The venue day after `date` ('yyyy-MM-dd'), by the calendar. */
function nextDate(date: string, days: number): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** The end of the venue day after the event: the phone forgets the list then (the start of the day after that). */
export function doorListKeepUntil(startsAt: Date, timeZone: string): Date {
  return venueDateTimeToInstant(nextDate(instantToVenueDateTime(startsAt, timeZone).date, 2), "00:00", timeZone);
}

function listOf(event: EventRow, guests: Awaited<ReturnType<typeof readDoorGuests>>, options: DoorOptions, now: Date): DoorList {
  const seatsTaken = guests.reduce((sum, guest) => sum + guest.seats, 0);
  return {
    event: {
      id: event.id,
      title: event.title,
      startsAt: event.startsAt.toISOString(),
      when: formatVenueDateTime(event.startsAt, options.timeZone),
      location: event.location,
      maxSeats: event.maxSeats,
    },
    guests: guests.map(({ ticketRef, firstArrivedAt, firstArrivedBy, ...guest }) => ({
      ...guest,
      ticketHash: ticketHash(ticketCode(options.secret, ticketRef)),
      firstArrival: firstArrivedAt && firstArrivedBy ? { at: firstArrivedAt.toISOString(), by: firstArrivedBy } : null,
    })),
    seatsTaken,
    overCapacity: event.maxSeats !== null && seatsTaken > event.maxSeats,
    asOf: now.toISOString(),
    keepUntil: doorListKeepUntil(event.startsAt, options.timeZone).toISOString(),
  };
}

/**
 * The door list a phone keeps (docs/decisions/067): every guest with the hash of their ticket code
 * (never the code), arrivals with who came first, contributions, and when to forget it.
 * Authorised as the check-in page (openDoor).
 */
export async function loadDoorList(db: Database, actor: CheckInActor, eventId: string, options: DoorOptions): Promise<{ ok: true; list: DoorList } | DoorRefusal> {
  const opened = await openDoor(db, actor, eventId);
  if (!opened.ok) return opened;
  return { ok: true, list: listOf(opened.event, await readDoorGuests(db, eventId), options, options.now ?? new Date()) };
}

interface TapResult {
  outcome: DoorTapOutcome;
  message: string;
  reservationId?: string | null;
  arrivedAfter?: number | null;
}

/** The phone's clock, trusted only within the last day: a wrong clock cannot claim a first arrival in another week. */
function clampedTime(at: string, now: Date): Date {
  const time = Date.parse(at);
  return new Date(Math.min(now.getTime(), Math.max(now.getTime() - DAY, Number.isNaN(time) ? now.getTime() : time)));
}

/** The reservation a tap is about: a walk-in's local id (its tap's id) names the reservation that tap made. */
async function resolveGuest(tx: Database, eventId: string, reservationId: string): Promise<{ id: string | null; walkIn: boolean }> {
  const [walkIn] = await tx
    .select({ reservationId: doorTaps.reservationId })
    .from(doorTaps)
    .where(and(eq(doorTaps.id, reservationId), eq(doorTaps.eventId, eventId), eq(doorTaps.kind, "walk-in"), eq(doorTaps.outcome, "applied")));
  return walkIn ? { id: walkIn.reservationId, walkIn: true } : { id: reservationId, walkIn: false };
}

/** arrive / undo on an existing reservation, under its row lock, relative to the stored value. */
async function applyArrival(tx: Database, actor: CheckInActor, event: EventRow, tap: DoorTap, at: Date): Promise<TapResult> {
  const resolved = await resolveGuest(tx, event.id, tap.reservationId);
  const notFound = { outcome: "refused" as const, message: resolved.walkIn ? doorSyncMessages.walkInGone : checkInMessages.guestNotFound };
  if (!resolved.id) return notFound;
  const [guest] = await tx
    .select({
      eventId: reservations.eventId,
      name: reservations.visitorName,
      email: reservations.visitorEmail,
      seats: reservations.seats,
      arrivedSeats: reservations.arrivedSeats,
      firstArrivedAt: reservations.firstArrivedAt,
    })
    .from(reservations)
    .where(eq(reservations.id, resolved.id))
    .for("no key update");
  if (!guest || guest.eventId !== event.id) return notFound;
  const reservationId = resolved.id;
  const intent = tap.kind === "undo" ? "undo" : "arrive-one";
  const [after] =
    tap.kind === "undo"
      ? await tx
          .update(reservations)
          .set({
            arrivedSeats: sql`${reservations.arrivedSeats} - 1`,
            ...firstArrivalCleared,
          })
          .where(and(eq(reservations.id, reservationId), gt(reservations.arrivedSeats, 0)))
          .returning({ arrivedSeats: reservations.arrivedSeats, seats: reservations.seats })
      : await tx
          .update(reservations)
          .set({
            arrivedSeats: sql`least(${reservations.seats}, ${reservations.arrivedSeats} + ${tap.seats ?? 1})`,
            ...firstArrivalSet(at, actor.email),
          })
          .where(and(eq(reservations.id, reservationId), lt(reservations.arrivedSeats, reservations.seats)))
          .returning({ arrivedSeats: reservations.arrivedSeats, seats: reservations.seats });
  if (!after) {
    // Every seat had arrived already; an earlier tap (another phone's, synced later) still becomes the first arrival.
    if (tap.kind === "arrive" && guest.firstArrivedAt && at < guest.firstArrivedAt) {
      await tx.update(reservations).set({ firstArrivedAt: at, firstArrivedBy: actor.email }).where(eq(reservations.id, reservationId));
    }
    return { outcome: "unchanged", message: unchangedMessage(intent, guest.name, guest.seats), reservationId, arrivedAfter: guest.arrivedSeats };
  }
  await recordActivity(tx, actor, {
    kind: tap.kind === "undo" ? "reservation.check-in-undone" : "reservation.checked-in",
    subjectType: "reservation",
    subjectId: reservationId,
    subjectLabel: `${guest.name}${guest.email ? ` <${guest.email}>` : ""} · ${event.title}`,
    before: { arrivedSeats: guest.arrivedSeats },
    after: { arrivedSeats: after.arrivedSeats, tapId: tap.id },
  });
  return { outcome: "applied", message: arrivalMessage(guest.name, after.arrivedSeats, after.seats), reservationId, arrivedAfter: after.arrivedSeats };
}

/** A walk-in: a new guest by the staff form's rules, every seat arrived, let in even past max seats. */
async function applyWalkIn(tx: Database, actor: CheckInActor, eventId: string, tap: DoorTap, at: Date): Promise<TapResult> {
  if (tap.reservationId !== tap.id) return { outcome: "refused", message: doorSyncMessages.walkInId };
  const parsed = addGuestSchema.safeParse({ eventId, name: tap.name ?? "", email: tap.email, phone: tap.phone, seats: tap.seats ?? 1 });
  if (!parsed.success) return { outcome: "refused", message: Object.values(firstErrorPerField(parsed.error.issues))[0] ?? guestFormMessages.couldNotSave };
  const guest = parsed.data;
  const event = await lockEvent(tx, eventId);
  if (!event) return { outcome: "refused", message: checkInMessages.eventNotFound };
  if (!can(actor, "manage-reservations", { event })) return { outcome: "refused", message: guestFormMessages.notAllowed };
  if (event.maxSeats === null) return { outcome: "refused", message: guestFormMessages.notTakingReservations };
  const [reservation] = await tx
    .insert(reservations)
    .values({
      eventId,
      visitorName: guest.name,
      visitorEmail: guest.email ? normaliseEmailAddress(guest.email) : null,
      visitorEmailKey: guest.email ? normaliseAddress(guest.email) : null,
      phone: guest.phone ?? null,
      seats: guest.seats,
      arrivedSeats: guest.seats,
      firstArrivedAt: at,
      firstArrivedBy: actor.email,
    })
    .returning({ id: reservations.id });
  if (!reservation) throw new Error("the insert returned no row");
  if (!(await takeSeatsAtTheDoor(tx, eventId, guest.seats))) throw new Error("the event lost its max seats under its lock");
  const seatsTaken = event.seatsTaken + guest.seats;
  await recordActivity(tx, actor, {
    kind: "reservation.added",
    subjectType: "reservation",
    subjectId: reservation.id,
    subjectLabel: `${guest.name}${guest.email ? ` <${guest.email}>` : ""} · ${event.title}`,
    after: { name: guest.name, email: guest.email ?? null, phone: guest.phone ?? null, seats: guest.seats, arrivedSeats: guest.seats, walkIn: true, tapId: tap.id, overCapacity: seatsTaken > event.maxSeats },
  });
  const over = seatsTaken > event.maxSeats ? ` ${doorSyncMessages.overCapacity(seatsTaken, event.maxSeats)}` : "";
  return { outcome: "applied", message: `${guestFormMessages.walkInAdded(guest.name, guest.seats)}${over}`, reservationId: reservation.id, arrivedAfter: guest.seats };
}

/**
 * One tap, in its own transaction: its id is claimed first (INSERT … ON CONFLICT DO NOTHING), so
 * the same tap sent again, by a retry or a second sync running at the same moment, waits for the
 * first and then finds its row: it answers the stored outcome and changes nothing.
 */
async function applyTap(db: Database, actor: CheckInActor, event: EventRow, tap: DoorTap, now: Date): Promise<TapResult> {
  const at = clampedTime(tap.at, now);
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(doorTaps)
      .values({ id: tap.id, eventId: event.id, kind: tap.kind, seats: tap.seats ?? null, tappedAt: at, appliedAt: now, appliedBy: actor.email, outcome: "refused" })
      .onConflictDoNothing({ target: doorTaps.id })
      .returning({ id: doorTaps.id });
    if (!claimed) {
      const [stored] = await tx.select().from(doorTaps).where(eq(doorTaps.id, tap.id));
      if (!stored || stored.eventId !== event.id) return { outcome: "refused", message: doorSyncMessages.otherEventTap };
      return { outcome: stored.outcome as DoorTapOutcome, message: stored.message ?? doorSyncMessages.refusedBefore };
    }
    const result = tap.kind === "walk-in" ? await applyWalkIn(tx, actor, event.id, tap, at) : await applyArrival(tx, actor, event, tap, at);
    await tx
      .update(doorTaps)
      .set({ outcome: result.outcome, message: result.message, reservationId: result.reservationId ?? null, arrivedAfter: result.arrivedAfter ?? null })
      .where(eq(doorTaps.id, tap.id));
    return result;
  });
}

/**
 * The phone's queued taps (docs/decisions/067), applied in order, each id once; answers each
 * tap's outcome and the list as it now stands. A database failure midway throws: the taps before
 * it are kept, and the phone's retry finds them applied.
 */
export async function syncDoorTaps(db: Database, actor: CheckInActor, eventId: string, input: unknown, options: DoorOptions): Promise<{ ok: true; answer: DoorSyncAnswer } | DoorRefusal> {
  const opened = await openDoor(db, actor, eventId);
  if (!opened.ok) return opened;
  const parsed = doorSyncSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue ? issue.path.join(".") : "";
    return { ok: false, reason: "invalid", message: where ? `${doorSyncMessages.badSync} (${where}: ${issue!.message})` : doorSyncMessages.badSync };
  }
  const now = options.now ?? new Date();
  const taps: DoorSyncAnswer["taps"] = [];
  for (const tap of parsed.data.taps) {
    const { outcome, message } = await applyTap(db, actor, opened.event, tap, now);
    taps.push({ id: tap.id, outcome, message });
  }
  const list = await loadDoorList(db, actor, eventId, { ...options, now });
  if (!list.ok) return list;
  return { ok: true, answer: { taps, list: list.list } };
}

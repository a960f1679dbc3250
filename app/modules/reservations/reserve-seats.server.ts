import { and, eq, sql } from "drizzle-orm";
import { events, reservations, type EventRow, type ReservationRow } from "#db/schema";
import { preparedOnce, queryRows, type Database } from "#app/lib/db.server";
import { disabledLabel, isPastEvent } from "#app/modules/events";
import { findEvent, takeSeatsIfOpen, type WhichEvent } from "#app/modules/events/index.server";
import { normaliseAddress } from "#app/modules/security";
import { MAX_SEATS_PER_ADDRESS, reservationMessages, seatsPerAddressRefusal, type ReservationInput } from "./reservation-form";
import { logFailure } from "#app/lib/log.server";
import { normaliseEmailAddress } from "#app/lib/email-address";
import { orElse } from "#app/lib/or-else";

export type ReservationFailure =
  | "event-not-found"
  | "not-taking-reservations"
  | "could-not-check"
  | "not-enough-seats"
  | "seats-per-address-reached"
  | "could-not-save";

export type ReserveOutcome =
  /** `replayed`: the submission key had already made this reservation; nothing new was stored or sent. */
  | { ok: true; reservation: ReservationRow; event: EventRow; replayed?: true }
  | { ok: false; reason: ReservationFailure; message: string };

/** Work to do once the reservation's transaction has committed (waking the outbox for its e-mail). */
export type AfterCommit = () => Promise<void>;

/**
 * Work done inside the reservation's transaction once the reservation is inserted, before the seats
 * are taken (the confirmation e-mail's outbox row); if it fails, nothing is kept. What it returns
 * runs after the commit, when the e-mail's row is visible to the outbox worker.
 */
export type AfterReserved = (tx: Database, reservation: ReservationRow, event: EventRow) => Promise<AfterCommit | undefined>;

const failure = (reason: ReservationFailure, message: string): ReserveOutcome => ({ ok: false, reason, message });

/** Thrown inside the transaction to roll it back (not commit it) and answer with `outcome`. */
class ReservationRefused extends Error {
  constructor(readonly outcome: ReserveOutcome) {
    super("reservation refused");
  }
}
const refuse = (reason: ReservationFailure, message: string) => new ReservationRefused(failure(reason, message));

/**
 * The reservation a form's submission key already made for this event, with its event, or
 * undefined. Unique per event (reservations_event_submission_key_idx), so at most one. One
 * statement joining the events table on purpose: every form submission asks it first, by the
 * event's slug, and a second round trip there would slow the visitor's hot path (decision 064).
 */
export async function findSubmittedReservation(
  db: Database,
  event: WhichEvent,
  submissionKey: string,
): Promise<{ reservation: ReservationRow; event: EventRow } | undefined> {
  const [row] =
    "eventId" in event
      ? await submittedByEventId(db).execute({ event: event.eventId, submissionKey })
      : await submittedByEventSlug(db).execute({ event: event.eventSlug, submissionKey });
  return row;
}

/** Asked by every form submission (the replay check comes first), so built once per database. */
const submittedReservation = (db: Database, byEvent: "id" | "slug") =>
  db
    .select({ reservation: reservations, event: events })
    .from(reservations)
    .innerJoin(events, eq(events.id, reservations.eventId))
    .where(and(eq(byEvent === "id" ? events.id : events.slug, sql.placeholder("event")), eq(reservations.submissionKey, sql.placeholder("submissionKey"))))
    .prepare(`submitted_reservation_by_event_${byEvent}`);
const submittedByEventId = preparedOnce((db) => submittedReservation(db, "id"));
const submittedByEventSlug = preparedOnce((db) => submittedReservation(db, "slug"));

/** The answer to a retried submission: the reservation it made, as it was answered the first time. */
async function replay(db: Database, event: { eventId: string }, submissionKey: string | undefined): Promise<ReserveOutcome | undefined> {
  if (!submissionKey) return undefined;
  const found = await findSubmittedReservation(db, event, submissionKey);
  return found ? { ok: true, ...found, replayed: true } : undefined;
}

/** Thrown when the insert met the submission key's unique index: answered after the rollback. */
class SubmittedAlready extends Error {
  constructor(readonly eventId: string) {
    super("submitted already");
  }
}

const isUniqueViolation = (error: unknown) =>
  typeof error === "object" && error !== null && (error as { cause?: { code?: unknown } }).cause?.code === "23505";

const isForeignKeyViolation = (error: unknown) =>
  typeof error === "object" && error !== null && (error as { cause?: { code?: unknown } }).cause?.code === "23503";

/**
 * Why the event as read cannot take these seats, or undefined when it looks like it can (the
 * conditional UPDATE decides). The same checks, in the same order, as whyNotReserved.
 */
function refusalBeforeWriting(event: EventRow | undefined, seats: number, now: Date): ReserveOutcome | undefined {
  const why = whyNotReserved(event, seats, now);
  return !why.ok && why.reason === "could-not-check" ? undefined : why;
}

/**
 * Events that were open for reservations when last read, for a moment (docs/decisions/033): a
 * burst of reservations for one event reads its row once a second instead of once per request.
 * Only the first look comes from here. The conditional UPDATE checks every condition again on the
 * row as it is, so a stale entry can never sell a seat that is not there or reserve a closed
 * event; it only costs that one attempt a rollback, and a refusal forgets the entry.
 */
const reservableEvents = (() => {
  const FRESH_MS = 1000;
  const MAX_ENTRIES = 500;
  const entries = new Map<string, { event: EventRow; readAt: number }>();
  return {
    get(key: string, now: Date): EventRow | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      const age = now.getTime() - entry.readAt;
      if (age >= 0 && age < FRESH_MS) return entry.event;
      entries.delete(key);
      return undefined;
    },
    set(key: string, event: EventRow, now: Date) {
      if (entries.has(key)) return;
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(key, { event, readAt: now.getTime() });
    },
    forget(key: string) {
      entries.delete(key);
    },
  };
})();

/** Why the conditional UPDATE matched nothing, in the order the catalogue's checks have always run. */
function whyNotReserved(event: EventRow | undefined, seats: number, now: Date): ReserveOutcome {
  if (!event || event.status !== "published") return failure("event-not-found", reservationMessages.eventNotFound);
  if (event.soldOut) return failure("not-enough-seats", reservationMessages.notEnoughSeats);
  if (event.maxSeats === null || disabledLabel(event.button) || isPastEvent(event, now)) {
    return failure("not-taking-reservations", reservationMessages.notTakingReservations);
  }
  if (event.seatsTaken + seats > event.maxSeats) return failure("not-enough-seats", reservationMessages.notEnoughSeats);
  // The event changed between the UPDATE and this read (a reservation deleted meanwhile): the
  // visitor may simply try again, as after any momentary failure.
  return failure("could-not-check", reservationMessages.couldNotCheck);
}

/**
 * Reserves seats without ever overselling (docs/decisions/008, 018, 033). The event is read first,
 * outside any transaction, so a refusal (sold out, closed, unknown) writes nothing. Then one
 * transaction inserts the reservation and runs `afterReserved` (the confirmation e-mail is written
 * to the outbox: both are kept or neither), and only then
 * takes the seats with one conditional UPDATE of the event's counter (`seats_taken + n <=
 * max_seats`, the events module's `takeSeatsIfOpen`). That UPDATE locks the event's row until the
 * commit, so concurrent reservations for one event queue up on every instance sharing the
 * database; taking it last holds the lock for two round trips (the address's sum and the commit)
 * instead of the whole transaction. A CHECK constraint refuses any oversold counter whatever
 * writes it. Under the lock, the seats the guest's address holds (however it is spelled, this
 * reservation included) are counted against MAX_SEATS_PER_ADDRESS. After the commit, the
 * follow-up `afterReserved` returned runs (waking the outbox).
 */
export async function reserveSeats(
  db: Database,
  input: ReservationInput & WhichEvent,
  options: { now?: Date; afterReserved?: AfterReserved } = {},
): Promise<ReserveOutcome> {
  const now = options.now ?? new Date();
  const cacheKey = "eventId" in input ? `id:${input.eventId}` : `slug:${input.eventSlug}`;
  const looked = await firstLook(db, input, cacheKey, now);
  if (!("event" in looked)) return looked.outcome;
  const { event } = looked;

  let afterCommit: AfterCommit | undefined;
  let outcome: ReserveOutcome;
  try {
    outcome = await db.transaction(async (tx) => {
      const reserved = await reserveInTransaction(tx, input, event, now, options.afterReserved);
      afterCommit = reserved.afterCommit;
      return reserved.outcome;
    });
  } catch (error) {
    // Whatever refused it, the next attempt reads the event afresh.
    reservableEvents.forget(cacheKey);
    return answerRolledBack(db, input, error);
  }
  if (outcome.ok && afterCommit) {
    await afterCommit().catch((error: unknown) => logFailure("reservations", "the work after the reservation", error));
  }
  return outcome;
}

/**
 * The first look at the event, outside any transaction (from the one-second cache, else read): the
 * event that looks like it can take the seats, or the refusal to answer with (a retry whose first
 * attempt took the last seats still gets its reservation).
 */
async function firstLook(db: Database, input: ReservationInput & WhichEvent, cacheKey: string, now: Date): Promise<{ event: EventRow } | { outcome: ReserveOutcome }> {
  let current: EventRow | undefined = reservableEvents.get(cacheKey, now);
  try {
    current ??= await findEvent(db, input);
  } catch (error) {
    logFailure("reservations", "reading the event to reserve", error);
    return { outcome: failure("could-not-check", reservationMessages.couldNotCheck) };
  }
  const refusal = refusalBeforeWriting(current, input.seats, now);
  if (refusal) {
    const replayed = current ? await replay(db, { eventId: current.id }, input.submissionKey).catch(orElse(undefined, "a replay that cannot be read is answered as a new submission, which the unique key then settles")) : undefined;
    return { outcome: replayed ?? refusal };
  }
  reservableEvents.set(cacheKey, current!, now);
  return { event: current! };
}

/**
 * The reservation's transaction: insert, the confirmation's outbox row (`afterReserved`), the
 * seats, the address's cap. Throws ReservationRefused or SubmittedAlready to roll it all back.
 */
async function reserveInTransaction(
  tx: Database,
  input: ReservationInput,
  event: EventRow,
  now: Date,
  afterReserved: AfterReserved | undefined,
): Promise<{ outcome: ReserveOutcome; afterCommit?: AfterCommit }> {
  // Every spelling of one inbox shares this key (stored with each reservation, indexed).
  const addressKey = normaliseAddress(input.email);
  const reservation = await insertReservation(tx, input, event.id, addressKey, now);

  let afterCommit: AfterCommit | undefined;
  if (afterReserved) {
    // In the same transaction, no savepoint: the confirmation exists exactly when the seats do.
    // It is a small row now (rendered when it is sent), so a failure here is the database's,
    // and the visitor is told the reservation was not saved rather than left without an e-mail.
    afterCommit = await afterReserved(tx, reservation, event).catch((error: unknown) => {
      logFailure("reservations", "queueing the confirmation e-mail", error);
      throw refuse("could-not-save", reservationMessages.couldNotSave);
    });
  }

  // Check and take in one statement, last, so the event's row is locked for as short a time as possible.
  const taken = await takeSeats(tx, event.id, input.seats, now);
  await refuseOverAddressCap(tx, event.id, addressKey, input.seats);
  return { outcome: { ok: true as const, reservation, event: taken }, afterCommit };
}

/** Inserts the reservation row; a repeated submission key or a deleted event refuse it. */
async function insertReservation(tx: Database, input: ReservationInput, eventId: string, addressKey: string, now: Date): Promise<ReservationRow> {
  try {
    const [row] = await tx
      .insert(reservations)
      .values({
        eventId,
        visitorName: input.name,
        visitorEmail: normaliseEmailAddress(input.email),
        visitorEmailKey: addressKey,
        phone: input.phone || null,
        // The SMS box, for this phone; its consents row is written by afterReserved in this transaction.
        smsConsentAt: input.smsConsent === "on" && input.phone ? now : null,
        seats: input.seats,
        // The spec's donation field, at last filled: the contribution chosen for all the seats, in dollars.
        donation: input.contribution ? String(input.contribution * input.seats) : null,
        submissionKey: input.submissionKey ?? null,
      })
      .returning();
    if (!row) throw new Error("the insert returned no row");
    return row;
  } catch (error) {
    // The same submission committed first (the unique index waits for it): answered with its reservation.
    if (input.submissionKey && isUniqueViolation(error)) throw new SubmittedAlready(eventId);
    // The event went since it was read (its reservations' foreign key).
    if (isForeignKeyViolation(error)) throw refuse("event-not-found", reservationMessages.eventNotFound);
    logFailure("reservations", "saving the reservation", error);
    throw refuse("could-not-save", reservationMessages.couldNotSave);
  }
}

/** Takes the seats with the conditional UPDATE (the row lock from here to the commit), or throws why not. */
async function takeSeats(tx: Database, eventId: string, seats: number, now: Date): Promise<EventRow> {
  const taken = await takeSeatsIfOpen(tx, eventId, seats, now);
  if (!taken) {
    // Read once, only on the refusal path, to say why (the rollback takes the reservation back).
    const changed = await findEvent(tx, { eventId });
    const why = whyNotReserved(changed, seats, now);
    // Unexpected (the event changed back between two statements): logged, so a 503 it causes can be traced.
    if (!why.ok && why.reason === "could-not-check") logFailure("reservations", "taking the seats (the event's row matched no condition that refuses)", new Error("the conditional update took no seats"));
    throw new ReservationRefused(why);
  }
  // The disabled labels are matched loosely in code; throwing rolls the seats back.
  if (disabledLabel(taken.button)) throw refuse("not-taking-reservations", reservationMessages.notTakingReservations);
  return taken;
}

/** Refuses (throws) when the address would hold more than MAX_SEATS_PER_ADDRESS seats for the event. */
async function refuseOverAddressCap(tx: Database, eventId: string, addressKey: string, seats: number): Promise<void> {
  let reservedByAddress: number;
  try {
    // Read under the event's row lock (READ COMMITTED: a new snapshot for this statement), so
    // every reservation for this event that committed before the lock was granted is counted,
    // and parallel requests for one address cannot pass together.
    const [row] = await queryRows<{ addressSeats: number }>(
      tx,
      sql`select coalesce(sum(${reservations.seats}), 0)::int as "addressSeats"
          from ${reservations} where ${reservations.eventId} = ${eventId} and ${reservations.visitorEmailKey} = ${addressKey}`,
    );
    reservedByAddress = Number(row?.addressSeats ?? 0);
  } catch (error) {
    logFailure("reservations", "summing the address's seats", error);
    throw refuse("could-not-check", reservationMessages.couldNotCheck);
  }
  // The sum includes this reservation's own seats.
  if (reservedByAddress > MAX_SEATS_PER_ADDRESS) {
    throw refuse("seats-per-address-reached", seatsPerAddressRefusal(MAX_SEATS_PER_ADDRESS - (reservedByAddress - seats)));
  }
}

/** The answer after a rollback: a refusal, a retry answered with the reservation it already made, or a failure. */
async function answerRolledBack(db: Database, input: ReservationInput, error: unknown): Promise<ReserveOutcome> {
  if (error instanceof ReservationRefused) return error.outcome;
  if (error instanceof SubmittedAlready) {
    const replayed = await replay(db, { eventId: error.eventId }, input.submissionKey).catch(orElse(undefined, "without the first answer the visitor is told the reservation exists (the refusal below)"));
    if (replayed) return replayed;
  }
  logFailure("reservations", "the reservation transaction", error);
  return failure("could-not-save", reservationMessages.couldNotSave);
}

import { and, eq, gte, isNotNull, sql } from "drizzle-orm";
import { events, reservations, type EventRow, type ReservationRow } from "../../../db/schema";
import { queryRows, type Database } from "~/lib/db.server";
import { disabledLabel } from "../events/event-card-action";
import { normaliseAddress } from "../security/normalise-address";
import { MAX_SEATS_PER_ADDRESS, reservationMessages, seatsPerAddressRefusal, type ReservationInput } from "./reservation-form";
import { logFailure } from "~/lib/log.server";

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
 * Work done inside the reservation's transaction once the seats are held (the confirmation e-mail).
 * What it returns runs after the commit, when the e-mail's row is visible to the outbox worker.
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
 * undefined. Unique per event (reservations_event_submission_key_idx), so at most one.
 */
export async function findSubmittedReservation(
  db: Database,
  event: { eventId: string } | { eventSlug: string },
  submissionKey: string,
): Promise<{ reservation: ReservationRow; event: EventRow } | undefined> {
  const [row] = await db
    .select({ reservation: reservations, event: events })
    .from(reservations)
    .innerJoin(events, eq(events.id, reservations.eventId))
    .where(
      and(
        "eventId" in event ? eq(events.id, event.eventId) : eq(events.slug, event.eventSlug),
        eq(reservations.submissionKey, submissionKey),
      ),
    );
  return row;
}

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

/** Why the conditional UPDATE matched nothing, in the order the catalogue's checks have always run. */
function whyNotReserved(event: EventRow | undefined, seats: number, now: Date): ReserveOutcome {
  if (!event || event.status !== "published" || !event.isActive) return failure("event-not-found", reservationMessages.eventNotFound);
  if (event.soldOut) return failure("not-enough-seats", reservationMessages.notEnoughSeats);
  if (event.maxSeats === null || disabledLabel(event.button) || event.startsAt.getTime() < now.getTime()) {
    return failure("not-taking-reservations", reservationMessages.notTakingReservations);
  }
  if (event.seatsTaken + seats > event.maxSeats) return failure("not-enough-seats", reservationMessages.notEnoughSeats);
  // The event changed between the UPDATE and this read (a reservation deleted meanwhile): the
  // visitor may simply try again, as after any momentary failure.
  return failure("could-not-check", reservationMessages.couldNotCheck);
}

/**
 * Reserves seats without ever overselling (docs/decisions/008, 018): one transaction takes the
 * seats with one conditional UPDATE of the event's counter (`seats_taken + n <= max_seats`, which
 * also locks the event's row until the commit, so concurrent reservations for it queue up on every
 * instance sharing the database, and a CHECK constraint refuses any oversold counter whatever
 * writes it), counts the seats the guest's address already holds (however it is spelled, at most
 * MAX_SEATS_PER_ADDRESS), inserts, and runs `afterReserved` (the confirmation e-mail is written to
 * the outbox in the same transaction; its failure is logged and never loses the seats), then,
 * after the commit, the follow-up `afterReserved` returned (waking the outbox).
 */
export async function reserveSeats(
  db: Database,
  input: ReservationInput & ({ eventId: string } | { eventSlug: string }),
  options: { now?: Date; afterReserved?: AfterReserved } = {},
): Promise<ReserveOutcome> {
  const now = options.now ?? new Date();
  let afterCommit: AfterCommit | undefined;
  let outcome: ReserveOutcome;
  const whichEvent = "eventId" in input ? eq(events.id, input.eventId) : eq(events.slug, input.eventSlug);
  try {
    outcome = await db.transaction(async (tx) => {
      // Check and take in one statement: no sum over the reservations, and a refusal writes nothing.
      const [event] = await tx
        .update(events)
        .set({ seatsTaken: sql`${events.seatsTaken} + ${input.seats}` })
        .where(
          and(
            whichEvent,
            eq(events.status, "published"),
            eq(events.isActive, true),
            eq(events.soldOut, false),
            isNotNull(events.maxSeats),
            gte(events.startsAt, now),
            sql`${events.seatsTaken} + ${input.seats} <= ${events.maxSeats}`,
          ),
        )
        .returning();
      if (!event) {
        // Read once, only on the refusal path, to say why.
        const [current] = await tx.select().from(events).where(whichEvent);
        // A retry whose first attempt took the last seats still gets its reservation.
        const replayed = current ? await replay(tx, { eventId: current.id }, input.submissionKey) : undefined;
        throw new ReservationRefused(replayed ?? whyNotReserved(current, input.seats, now));
      }
      // Under the event's row lock: a submission with the same key either committed before this
      // transaction got the lock (and is seen now, READ COMMITTED) or is waiting behind it.
      const replayed = await replay(tx, { eventId: event.id }, input.submissionKey);
      if (replayed) throw new ReservationRefused(replayed);
      // The disabled labels are matched loosely in code; throwing rolls the seats back.
      if (disabledLabel(event.button)) throw refuse("not-taking-reservations", reservationMessages.notTakingReservations);

      // Every spelling of one inbox shares this key (stored with each reservation, indexed).
      const addressKey = normaliseAddress(input.email);
      let reservedByAddress: number;
      try {
        const [row] = await queryRows<{ addressSeats: number }>(
          tx,
          sql`select coalesce(sum(${reservations.seats}), 0)::int as "addressSeats"
              from ${reservations} where ${reservations.eventId} = ${event.id} and ${reservations.visitorEmailKey} = ${addressKey}`,
        );
        reservedByAddress = Number(row?.addressSeats ?? 0);
      } catch (error) {
        logFailure("reservations", "summing the address's seats", error);
        throw refuse("could-not-check", reservationMessages.couldNotCheck);
      }
      // Counted while the UPDATE above holds the event's row, so parallel requests for one address
      // cannot pass it together.
      if (reservedByAddress + input.seats > MAX_SEATS_PER_ADDRESS) {
        throw refuse("seats-per-address-reached", seatsPerAddressRefusal(MAX_SEATS_PER_ADDRESS - reservedByAddress));
      }

      let reservation: ReservationRow;
      try {
        const [row] = await tx
          .insert(reservations)
          .values({
            eventId: event.id,
            visitorName: input.name,
            visitorEmail: input.email,
            visitorEmailKey: addressKey,
            phone: input.phone || null,
            seats: input.seats,
            submissionKey: input.submissionKey ?? null,
          })
          .returning();
        if (!row) throw new Error("the insert returned no row");
        reservation = row;
      } catch (error) {
        // Not expected under the row lock, but the unique index is the last word on the key.
        if (input.submissionKey && isUniqueViolation(error)) throw new SubmittedAlready(event.id);
        logFailure("reservations", "saving the reservation", error);
        throw refuse("could-not-save", reservationMessages.couldNotSave);
      }

      if (options.afterReserved) {
        // A savepoint: if writing the e-mail fails, only that part is rolled back.
        afterCommit = await tx
          .transaction((savepoint) => options.afterReserved!(savepoint as unknown as Database, reservation, event))
          .catch((error: unknown) => {
            logFailure("reservations", "queueing the confirmation e-mail", error);
            return undefined;
          });
      }
      return { ok: true as const, reservation, event };
    });
  } catch (error) {
    // Rolled back: a refusal, or a retry answered with the reservation it already made.
    if (error instanceof ReservationRefused) return error.outcome;
    if (error instanceof SubmittedAlready) {
      const replayed = await replay(db, { eventId: error.eventId }, input.submissionKey).catch(() => undefined);
      if (replayed) return replayed;
    }
    logFailure("reservations", "the reservation transaction", error);
    return failure("could-not-save", reservationMessages.couldNotSave);
  }
  if (outcome.ok && afterCommit) {
    await afterCommit().catch((error: unknown) => logFailure("reservations", "the work after the reservation", error));
  }
  return outcome;
}

import { and, eq, sql } from "drizzle-orm";
import { events, reservations, type EventRow, type ReservationRow } from "../../../db/schema";
import { queryRows, type Database } from "~/lib/db.server";
import { disabledLabel } from "../events/event-card-action";
import { normaliseAddress } from "../security/normalise-address";
import { MAX_SEATS_PER_ADDRESS, reservationMessages, seatsPerAddressRefusal, type ReservationInput } from "./reservation-form";

export type ReservationFailure =
  | "event-not-found"
  | "not-taking-reservations"
  | "could-not-check"
  | "not-enough-seats"
  | "seats-per-address-reached"
  | "could-not-save";

export type ReserveOutcome =
  | { ok: true; reservation: ReservationRow; event: EventRow }
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
 * Reserves seats without ever overselling: one transaction locks the event's row (so concurrent
 * reservations for it queue up, on every instance sharing the database), sums the seats already
 * reserved, in all and for the guest's address (however it is spelled, at most
 * MAX_SEATS_PER_ADDRESS), checks the request fits, inserts, and runs `afterReserved` (the confirmation e-mail is
 * written to the outbox in the same transaction; its failure is logged and never loses the seats),
 * then, after the commit, the follow-up `afterReserved` returned (waking the outbox).
 */
export async function reserveSeats(
  db: Database,
  input: ReservationInput & ({ eventId: string } | { eventSlug: string }),
  options: { now?: Date; afterReserved?: AfterReserved } = {},
): Promise<ReserveOutcome> {
  const now = options.now ?? new Date();
  let afterCommit: AfterCommit | undefined;
  let outcome: ReserveOutcome;
  try {
    outcome = await db.transaction(async (tx) => {
      const [event] = await tx
        .select()
        .from(events)
        .where(
          and(
            "eventId" in input ? eq(events.id, input.eventId) : eq(events.slug, input.eventSlug),
            eq(events.status, "published"),
            eq(events.isActive, true),
          ),
        )
        .for("update");
      if (!event) throw refuse("event-not-found", reservationMessages.eventNotFound);
      if (event.soldOut) throw refuse("not-enough-seats", reservationMessages.notEnoughSeats);
      if (event.maxSeats === null || disabledLabel(event.button) || event.startsAt.getTime() < now.getTime()) {
        throw refuse("not-taking-reservations", reservationMessages.notTakingReservations);
      }

      // Every spelling of one inbox shares this key (stored with each reservation, indexed).
      const addressKey = normaliseAddress(input.email);
      let reserved: number;
      let reservedByAddress: number;
      try {
        const [row] = await queryRows<{ seats: number; addressSeats: number }>(
          tx,
          sql`select coalesce(sum(${reservations.seats}), 0)::int as seats,
                coalesce(sum(${reservations.seats}) filter (where ${reservations.visitorEmailKey} = ${addressKey}), 0)::int as "addressSeats"
              from ${reservations} where ${reservations.eventId} = ${event.id}`,
        );
        reserved = Number(row?.seats ?? 0);
        reservedByAddress = Number(row?.addressSeats ?? 0);
      } catch (error) {
        console.error("[reservations] summing the reserved seats failed:", error);
        throw refuse("could-not-check", reservationMessages.couldNotCheck);
      }
      if (input.seats > event.maxSeats - reserved) throw refuse("not-enough-seats", reservationMessages.notEnoughSeats);
      // Counted under the event's lock, so parallel requests for one address cannot pass it together.
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
          })
          .returning();
        if (!row) throw new Error("the insert returned no row");
        reservation = row;
      } catch (error) {
        console.error("[reservations] saving the reservation failed:", error);
        throw refuse("could-not-save", reservationMessages.couldNotSave);
      }

      if (options.afterReserved) {
        // A savepoint: if writing the e-mail fails, only that part is rolled back.
        afterCommit = await tx
          .transaction((savepoint) => options.afterReserved!(savepoint as unknown as Database, reservation, event))
          .catch((error: unknown) => {
            console.error("[reservations] queueing the confirmation e-mail failed:", error);
            return undefined;
          });
      }
      return { ok: true as const, reservation, event };
    });
  } catch (error) {
    if (error instanceof ReservationRefused) return error.outcome;
    console.error("[reservations] the reservation transaction failed:", error);
    return failure("could-not-save", reservationMessages.couldNotSave);
  }
  if (outcome.ok && afterCommit) {
    await afterCommit().catch((error: unknown) => console.error("[reservations] the work after the reservation failed:", error));
  }
  return outcome;
}

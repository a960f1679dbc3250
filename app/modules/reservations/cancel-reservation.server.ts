import { eq, sql } from "drizzle-orm";
import { reservations, type EventRow, type ReservationRow } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import { logFailure } from "#app/lib/log.server";
import { cancelMessageByKey, queueEmailToRender } from "#app/modules/messaging/index.server";
import type { OutboxWake } from "#app/modules/messaging/index.server";
import { consumeRateLimits, type LimitedClient, type RateLimitRule } from "#app/modules/security/index.server";
import { tooManyAttemptsRefusal, type TooManyAttemptsRefusal } from "#app/modules/security";
import { guestMessages, tokenFailureMessage } from "./guest-messages";
import { readGuestToken, spendGuestToken } from "./guest-tokens.server";
import { textReminderKey } from "./text-reminders.server";
import { announceOffers, makeOffers } from "./waiting-list/waiting-list.server";
import { findEvent, lockEvent } from "#app/modules/events/index.server";
import { refundRuleText, type RefundPolicy } from "#app/modules/payments";
import { processDueRefunds, refundsForCancellation, type PaymentGateway } from "#app/modules/payments/index.server";
import { guestContributions } from "./contributions.server";

/** Cancelling is a write by a visitor (docs/decisions/013): counted per client address. */
export const cancelAttemptLimit: RateLimitRule = { limit: 10, windowSeconds: 10 * 60 };

export type CancelFailure = "invalid" | "used" | "expired" | "gone" | "started" | "bad-seats" | "could-not-cancel";

export type CancellationView =
  /** `refundRule`: what cancelling now does to a contribution already paid, said before the button is pressed. */
  | { ok: true; reservation: ReservationRow; event: EventRow; refundRule?: string }
  | { ok: false; reason: CancelFailure; message: string };

const refusal = (reason: CancelFailure, message: string) => ({ ok: false as const, reason, message });

/** What the cancel link's page shows (GET): the reservation and its event. Changes nothing. */
export async function showCancellation(db: Database, token: string, now = new Date(), refundPolicy?: RefundPolicy): Promise<CancellationView> {
  const lookup = await readGuestToken(db, token, "cancel-reservation", now);
  if (!lookup.ok) return refusal(lookup.reason, tokenFailureMessage[lookup.reason]);
  if (!lookup.token.reservationId) return refusal("gone", guestMessages.reservationGone);
  const [reservation] = await db.select().from(reservations).where(eq(reservations.id, lookup.token.reservationId));
  const event = reservation && (await findEvent(db, { eventId: reservation.eventId }));
  const row = reservation && event ? { reservation, event } : undefined;
  if (!row) return refusal("gone", guestMessages.reservationGone);
  if (row.event.startsAt.getTime() <= now.getTime()) return refusal("started", guestMessages.eventStarted);
  const contribution = refundPolicy ? (await guestContributions(db, [row.reservation])).get(row.reservation.id) : undefined;
  const paid = contribution?.kind === "paid" ? contribution.refundableCents : 0;
  return { ok: true, ...row, refundRule: refundPolicy && paid > 0 ? refundRuleText(refundPolicy, row.event.startsAt, now, paid) : undefined };
}

export type CancelOutcome =
  /** `refund`: cents of the contribution going back to the card, and cents kept under the policy. */
  | { ok: true; event: EventRow; seatsCancelled: number; seatsLeft: number; refund: { refundCents: number; keptCents: number } }
  | ({ ok: false } & TooManyAttemptsRefusal)
  | { ok: false; reason: CancelFailure; message: string };

class Refused extends Error {
  constructor(readonly outcome: CancelOutcome) {
    super("cancellation refused");
  }
}

/** The cancellation's e-mail, rendered when sent (guest-emails.server.ts). */
export const CANCELLATION_RENDERER = "reservation-cancellation";

/**
 * A guest cancels some or all of their seats with their link (the POST of its page). One
 * transaction: the link is used (once), the reservation's row then the event's row are locked, the
 * seats are given back (a delete, or fewer seats: the triggers of docs/decisions/018 lower the
 * counter), the cancellation e-mail is queued, and the freed seats are offered to the waiting list
 * at once (held in the same transaction, so nobody else can take them first).
 */
export async function cancelReservation(
  db: Database,
  options: {
    client: LimitedClient;
    token: string;
    seats: number | "all";
    now?: Date;
    offerHours: number;
    wake: OutboxWake;
    /** Stripe and the refund policy; without them a paid contribution is kept (and staff may refund it). */
    payments?: { gateway: PaymentGateway | null; refundPolicy: RefundPolicy };
  },
): Promise<CancelOutcome> {
  const now = options.now ?? new Date();
  if (options.seats !== "all" && !(Number.isInteger(options.seats) && options.seats >= 1 && options.seats <= 10)) {
    return refusal("bad-seats", guestMessages.cancelSeats);
  }
  const limit = await consumeRateLimits(db, [{ key: `guest-cancel:client:${options.client.key}`, rule: cancelAttemptLimit }], options.client.rateLimitMultiplier).catch(
    (error: unknown) => {
      logFailure("reservations", "counting a cancellation attempt", error);
      return null;
    },
  );
  if (!limit) return refusal("could-not-cancel", guestMessages.couldNotCancel);
  if (!limit.allowed) return { ok: false, ...tooManyAttemptsRefusal(limit.retryAfterSeconds) };

  try {
    const { outcome, offers, messageId, refundIds } = await db.transaction(async (tx) => {
      const used = await spendGuestToken(tx, options.token, "cancel-reservation", now);
      if (!used.ok) throw new Refused(refusal(used.reason, tokenFailureMessage[used.reason]));
      const reservationId = used.token.reservationId;
      if (!reservationId) throw new Refused(refusal("gone", guestMessages.reservationGone));
      // The reservation's row before the event's, as a staff delete (through its trigger) takes them.
      const [reservation] = await tx.select().from(reservations).where(eq(reservations.id, reservationId)).for("update");
      if (!reservation) throw new Refused(refusal("gone", guestMessages.reservationGone));
      const event = await lockEvent(tx, reservation.eventId);
      if (!event) throw new Refused(refusal("gone", guestMessages.reservationGone));
      if (event.startsAt.getTime() <= now.getTime()) throw new Refused(refusal("started", guestMessages.eventStarted));

      const cancelled = options.seats === "all" ? reservation.seats : Math.min(options.seats, reservation.seats);
      const left = reservation.seats - cancelled;
      // Before the row goes: a deleted reservation's payments no longer name it.
      const refund = options.payments
        ? await refundsForCancellation(tx, { reservationId: reservation.id, seatsCancelled: cancelled, seatsBefore: reservation.seats, eventStartsAt: event.startsAt, now, policy: options.payments.refundPolicy })
        : { refundCents: 0, keptCents: 0, refundIds: [] };
      if (left === 0) {
        await tx.delete(reservations).where(eq(reservations.id, reservation.id));
        // A text reminder waiting for the end of quiet hours is not sent for a reservation that is gone.
        await cancelMessageByKey(tx, textReminderKey(reservation.id), "Reservation cancelled");
      } else {
        // The contribution chosen was for all the seats: what the seats kept are expected to bring, at the same rate.
        const donation = reservation.donation === null ? null : String(Math.round((Number(reservation.donation) * left * 100) / reservation.seats) / 100);
        await tx.update(reservations).set({ seats: sql`${reservations.seats} - ${cancelled}`, donation }).where(eq(reservations.id, reservation.id));
      }

      // A guest staff added without an address has no e-mail to be told by (and no link to cancel with, unless staff removed the address since).
      const queued = reservation.visitorEmail
        ? await queueEmailToRender(tx, {
            kind: CANCELLATION_RENDERER,
            to: reservation.visitorEmail,
            subject: left === 0 ? `Reservation cancelled: ${event.title}` : `Reservation changed: ${event.title}`,
            idempotencyKey: `reservation-cancellation:${used.token.tokenHash}`,
            renderer: CANCELLATION_RENDERER,
            refs: {
              eventId: event.id,
              reservationId: reservation.id,
              name: reservation.visitorName,
              seatsCancelled: String(cancelled),
              seatsLeft: String(left),
              refundCents: String(refund.refundCents),
              keptCents: String(refund.keptCents),
            },
          })
        : undefined;
      const offers = await makeOffers(tx, event.id, { now, offerHours: options.offerHours });
      return {
        outcome: { ok: true as const, event, seatsCancelled: cancelled, seatsLeft: left, refund: { refundCents: refund.refundCents, keptCents: refund.keptCents } },
        offers,
        messageId: queued?.id,
        refundIds: refund.refundIds,
      };
    });
    if (messageId) await options.wake(messageId);
    // Stripe is asked at once; a failure is retried by the payments' every-minute pass.
    if (refundIds.length > 0) await processDueRefunds(db, options.payments?.gateway ?? null, { now, only: refundIds }).catch((error: unknown) => logFailure("reservations", "refunding a cancelled contribution", error));
    await announceOffers(offers, options.wake);
    return outcome;
  } catch (error) {
    if (error instanceof Refused) return error.outcome;
    logFailure("reservations", "cancelling a reservation", error);
    return refusal("could-not-cancel", guestMessages.couldNotCancel);
  }
}

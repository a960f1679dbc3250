import { eq } from "drizzle-orm";
import { reservations, type EventRow, type ReservationRow } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import { logFailure } from "#app/lib/log.server";
import { findEvent } from "#app/modules/events/index.server";
import { contributionMessages, CONTRIBUTION_SUGGESTED_PER_SEAT, readPerSeatAmount } from "#app/modules/payments";
import { startContributionCheckout, type GuestContribution, type PaymentGateway } from "#app/modules/payments/index.server";
import type { LimitedClient } from "#app/modules/security/index.server";
import type { TooManyAttemptsRefusal } from "#app/modules/security";
import { guestContributions } from "./contributions.server";
import { guestMessages, tokenFailureMessage } from "./guest-messages";
import { guestLinkPaths, readGuestToken } from "./guest-tokens.server";

export type ContributionView =
  | { ok: true; reservation: ReservationRow; event: EventRow; contribution: GuestContribution; perSeatDollars: number }
  | { ok: false; reason: "invalid" | "used" | "expired" | "gone"; message: string };

/** The per-seat amount a reservation's contribution stands at: the guest's choice, else the suggested one. */
function perSeatOf(reservation: Pick<ReservationRow, "seats" | "donation">): number {
  const chosen = reservation.donation === null ? Number.NaN : Number(reservation.donation) / reservation.seats;
  return readPerSeatAmount(Number.isInteger(chosen) ? chosen : Number.NaN) ?? CONTRIBUTION_SUGGESTED_PER_SEAT;
}

/**
 * What a guest's contribution link shows (GET, changes nothing): their reservation, its event, and
 * where the contribution stands (paid, in progress, refunded, or what to pay).
 */
export async function showContribution(db: Database, token: string, now = new Date()): Promise<ContributionView> {
  const lookup = await readGuestToken(db, token, "contribution", now);
  if (!lookup.ok) return { ok: false, reason: lookup.reason, message: tokenFailureMessage[lookup.reason] };
  const reservationId = lookup.token.reservationId;
  const [reservation] = reservationId ? await db.select().from(reservations).where(eq(reservations.id, reservationId)) : [];
  const event = reservation ? await findEvent(db, { eventId: reservation.eventId }) : undefined;
  if (!reservation || !event) return { ok: false, reason: "gone", message: guestMessages.reservationGone };
  const contribution = (await guestContributions(db, [reservation])).get(reservation.id)!;
  return { ok: true, reservation, event, contribution, perSeatDollars: perSeatOf(reservation) };
}

export type PayContributionOutcome =
  | { ok: true; checkoutUrl: string }
  | ({ ok: false } & TooManyAttemptsRefusal)
  | { ok: false; reason: "invalid" | "used" | "expired" | "gone" | "bad-amount" | "already-paid" | "not-configured" | "could-not-start"; message: string };

/**
 * The guest presses "Pay my contribution" (the page after reserving, or their contribution link):
 * the link names the reservation, the per-seat amount (if sent) must be within the range and
 * becomes the reservation's choice, and Stripe's hosted checkout opens for that amount times the
 * reservation's seats, computed on the server.
 */
export async function payContribution(
  db: Database,
  gateway: PaymentGateway | null,
  request: { token: string; perSeat?: unknown; client: LimitedClient; publicUrl: string; now?: Date },
): Promise<PayContributionOutcome> {
  const now = request.now ?? new Date();
  const view = await showContribution(db, request.token, now);
  if (!view.ok) return view;
  let perSeatDollars = view.perSeatDollars;
  if (request.perSeat !== undefined) {
    const chosen = readPerSeatAmount(request.perSeat);
    if (chosen === undefined) return { ok: false, reason: "bad-amount", message: contributionMessages.perSeat };
    perSeatDollars = chosen;
  }
  if (view.contribution.kind === "paid") return { ok: false, reason: "already-paid", message: contributionMessages.alreadyPaid };
  if (perSeatDollars !== view.perSeatDollars || view.reservation.donation === null) {
    // The guest's choice is the reservation's (what staff expect at the door), changed only by its own link.
    await db
      .update(reservations)
      .set({ donation: String(perSeatDollars * view.reservation.seats) })
      .where(eq(reservations.id, view.reservation.id))
      .catch((error: unknown) => logFailure("reservations", "keeping the chosen contribution", error));
  }
  const outcome = await startContributionCheckout(db, gateway, {
    reservation: view.reservation,
    event: view.event,
    perSeatDollars,
    client: request.client,
    now,
    returnUrls: {
      success: `${request.publicUrl}/reservations/contribution/done?session_id={CHECKOUT_SESSION_ID}`,
      cancel: `${request.publicUrl}${guestLinkPaths.contribution(request.token)}`,
    },
  });
  return outcome.ok ? { ok: true, checkoutUrl: outcome.url } : outcome;
}

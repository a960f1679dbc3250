import type { ReservationRow } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import { CONTRIBUTION_SUGGESTED_PER_SEAT } from "#app/modules/payments";
import { contributionStates, contributionTotals, type ContributionTotals, type GuestContribution, paymentTotalsByEvent } from "#app/modules/payments/index.server";

/**
 * What a reservation should contribute, in cents: the amount the guest chose (`donation`, the total
 * in dollars for its seats), else the suggested amount per seat (a guest staff added, a reservation
 * from before contributions were taken, one the old site imported empty).
 */
export function expectedContributionCents(reservation: Pick<ReservationRow, "seats" | "donation">): number {
  const chosen = reservation.donation === null ? Number.NaN : Number(reservation.donation);
  if (Number.isFinite(chosen) && chosen > 0) return Math.round(chosen * 100);
  return CONTRIBUTION_SUGGESTED_PER_SEAT * 100 * reservation.seats;
}

/** The contribution of each of these reservations (the guest list, the door, the CSV, the e-mails), by reservation id. */
export function guestContributions(db: Database, rows: Pick<ReservationRow, "id" | "seats" | "donation">[]): Promise<Map<string, GuestContribution>> {
  return contributionStates(
    db,
    rows.map((row) => ({ reservationId: row.id, expectedCents: expectedContributionCents(row) })),
  );
}

/**
 * Each guest's contribution and each event's totals (expected, paid, outstanding, refunded), from
 * the events' guests and their payments: what the guest list and the dashboard show above a list.
 */
export async function contributionsOfEvents(
  db: Database,
  guests: (Pick<ReservationRow, "id" | "eventId" | "seats" | "donation">)[],
  eventIds: string[],
): Promise<{ states: Map<string, GuestContribution>; totals: (eventId: string) => ContributionTotals }> {
  const [states, paid] = await Promise.all([guestContributions(db, guests), paymentTotalsByEvent(db, eventIds)]);
  const byEvent = new Map<string, GuestContribution[]>();
  for (const guest of guests) {
    const list = byEvent.get(guest.eventId) ?? [];
    list.push(states.get(guest.id)!);
    byEvent.set(guest.eventId, list);
  }
  return { states, totals: (eventId) => contributionTotals(byEvent.get(eventId) ?? [], paid.get(eventId)) };
}

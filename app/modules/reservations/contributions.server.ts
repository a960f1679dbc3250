import type { ReservationRow } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import { CONTRIBUTION_SUGGESTED_PER_SEAT } from "#app/modules/payments";
import { contributionStates, type GuestContribution } from "#app/modules/payments/index.server";

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

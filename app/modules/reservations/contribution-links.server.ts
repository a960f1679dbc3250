import type { EventRow, ReservationRow } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import { CONTRIBUTION_LINK, reservationLinkAfterReserving, reservationLinks } from "./reservation-links.server";

/** A fresh contribution link per reservation (one insert), for the e-mails that carry one. */
export function contributionLinks(db: Database, rows: { reservation: Pick<ReservationRow, "id">; event: Pick<EventRow, "startsAt"> }[], publicUrl: string): Promise<Map<string, string>> {
  return reservationLinks(db, rows, publicUrl, CONTRIBUTION_LINK);
}

/** The contribution link of the page right after reserving (its "Pay my contribution"), derived from the submission key. */
export function contributionLinkAfterReserving(db: Database, row: { reservation: Pick<ReservationRow, "id" | "submissionKey">; event: Pick<EventRow, "startsAt"> }): Promise<string> {
  return reservationLinkAfterReserving(db, row, CONTRIBUTION_LINK);
}

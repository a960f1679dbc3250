import type { EventRow, ReservationRow } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import { CANCEL_LINK, reservationLinkAfterReserving, reservationLinks } from "./reservation-links.server";

/**
 * A fresh cancel link per reservation (one insert for all of them), valid until its event starts.
 * Each e-mail gets its own; a link that cancelled works no more (the next e-mail brings a new one).
 */
export function cancelLinks(db: Database, rows: { reservation: Pick<ReservationRow, "id">; event: Pick<EventRow, "startsAt"> }[], publicUrl: string): Promise<Map<string, string>> {
  return reservationLinks(db, rows, publicUrl, CANCEL_LINK);
}

/** The cancel link shown on the page right after reserving (derived from the submission key). */
export function cancelLinkAfterReserving(db: Database, row: { reservation: Pick<ReservationRow, "id" | "submissionKey">; event: Pick<EventRow, "startsAt"> }): Promise<string> {
  return reservationLinkAfterReserving(db, row, CANCEL_LINK);
}

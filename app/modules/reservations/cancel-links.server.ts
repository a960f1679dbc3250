import type { EventRow, ReservationRow } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import { createHash } from "node:crypto";
import { guestLinkPaths, mintGuestTokens, storeGuestToken } from "./guest-tokens.server";

/**
 * A fresh cancel link per reservation (one insert for all of them), valid until its event starts.
 * Each e-mail gets its own; a link that cancelled works no more (the next e-mail brings a new one).
 */
export async function cancelLinks(
  db: Database,
  rows: { reservation: Pick<ReservationRow, "id">; event: Pick<EventRow, "startsAt"> }[],
  publicUrl: string,
): Promise<Map<string, string>> {
  const unique = [...new Map(rows.map((row) => [row.reservation.id, row])).values()];
  const tokens = await mintGuestTokens(
    db,
    unique.map((row) => ({ purpose: "cancel-reservation", reservationId: row.reservation.id, expiresAt: row.event.startsAt })),
  );
  return new Map(unique.map((row, index) => [row.reservation.id, `${publicUrl}${guestLinkPaths.cancelReservation(tokens[index]!)}`]));
}

/**
 * The cancel link shown on the page right after reserving. With the form's submission key (a
 * random one-time UUID only the submitter holds, docs/decisions/019) the token is derived from it,
 * so a retried submission is answered with the very same page, link included; without one, a
 * fresh random link.
 */
export async function cancelLinkAfterReserving(
  db: Database,
  row: { reservation: Pick<ReservationRow, "id" | "submissionKey">; event: Pick<EventRow, "startsAt"> },
): Promise<string> {
  const key = row.reservation.submissionKey;
  if (!key) return (await cancelLinks(db, [row], "")).get(row.reservation.id)!;
  const token = createHash("sha256").update(`reservation-page-cancel-link:${key}:${row.reservation.id}`).digest("base64url");
  await storeGuestToken(db, token, { purpose: "cancel-reservation", reservationId: row.reservation.id, expiresAt: row.event.startsAt });
  return guestLinkPaths.cancelReservation(token);
}

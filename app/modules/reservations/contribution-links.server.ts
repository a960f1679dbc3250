import { createHash } from "node:crypto";
import type { EventRow, ReservationRow } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import { guestLinkPaths, mintGuestTokens, storeGuestToken } from "./guest-tokens.server";

/**
 * A contribution link works until two weeks after its event: a guest may pay after the evening too.
 * It is never spent (paying later, changing the amount, seeing that one paid all use it); it only
 * ever opens a checkout for its own reservation, so a leaked link can pay, never take.
 */
export const CONTRIBUTION_LINK_DAYS_AFTER_EVENT = 14;

const expiryFor = (event: Pick<EventRow, "startsAt">) => new Date(event.startsAt.getTime() + CONTRIBUTION_LINK_DAYS_AFTER_EVENT * 86_400_000);

/** A fresh contribution link per reservation (one insert), for the e-mails that carry one. */
export async function contributionLinks(
  db: Database,
  rows: { reservation: Pick<ReservationRow, "id">; event: Pick<EventRow, "startsAt"> }[],
  publicUrl: string,
): Promise<Map<string, string>> {
  const unique = [...new Map(rows.map((row) => [row.reservation.id, row])).values()];
  const tokens = await mintGuestTokens(
    db,
    unique.map((row) => ({ purpose: "contribution", reservationId: row.reservation.id, expiresAt: expiryFor(row.event) })),
  );
  return new Map(unique.map((row, index) => [row.reservation.id, `${publicUrl}${guestLinkPaths.contribution(tokens[index]!)}`]));
}

/**
 * The contribution link of the page right after reserving (its "Pay my contribution"): derived from
 * the form's one-time submission key, as the cancel link is, so a retried submission shows the same.
 */
export async function contributionLinkAfterReserving(
  db: Database,
  row: { reservation: Pick<ReservationRow, "id" | "submissionKey">; event: Pick<EventRow, "startsAt"> },
): Promise<string> {
  const key = row.reservation.submissionKey;
  if (!key) return (await contributionLinks(db, [row], "")).get(row.reservation.id)!;
  const token = createHash("sha256").update(`reservation-page-contribution-link:${key}:${row.reservation.id}`).digest("base64url");
  await storeGuestToken(db, token, { purpose: "contribution", reservationId: row.reservation.id, expiresAt: expiryFor(row.event) });
  return guestLinkPaths.contribution(token);
}

import { createHash } from "node:crypto";
import type { EventRow, ReservationRow } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import { guestLinkPaths, mintGuestTokens, storeGuestToken, type GuestTokenPurpose } from "./guest-tokens.server";

/** A kind of link a reservation's guest gets: what it does, its page, until when it works, and the label its derived token is made with. */
export interface ReservationLinkKind {
  purpose: Extract<GuestTokenPurpose, "cancel-reservation" | "contribution">;
  path: (token: string) => string;
  expiresAt: (event: Pick<EventRow, "startsAt">) => Date;
  /** Names the derivation of the link shown after reserving, so two kinds never share a token. */
  derivation: string;
}

/** The cancel link: until the event starts; a link that cancelled works no more. */
export const CANCEL_LINK: ReservationLinkKind = {
  purpose: "cancel-reservation",
  path: guestLinkPaths.cancelReservation,
  expiresAt: (event) => event.startsAt,
  derivation: "reservation-page-cancel-link",
};

/**
 * A contribution link works until two weeks after its event: a guest may pay after the evening too.
 * It is never spent (paying later, changing the amount, seeing that one paid all use it); it only
 * ever opens a checkout for its own reservation, so a leaked link can pay, never take.
 */
export const CONTRIBUTION_LINK_DAYS_AFTER_EVENT = 14;
export const CONTRIBUTION_LINK: ReservationLinkKind = {
  purpose: "contribution",
  path: guestLinkPaths.contribution,
  expiresAt: (event) => new Date(event.startsAt.getTime() + CONTRIBUTION_LINK_DAYS_AFTER_EVENT * 86_400_000),
  derivation: "reservation-page-contribution-link",
};

/**
 * A fresh link of `kind` per reservation (one insert for all of them), for the e-mails that carry
 * one: each e-mail gets its own, minted when it is rendered, so the token is in clear only there.
 */
export async function reservationLinks(
  db: Database,
  rows: { reservation: Pick<ReservationRow, "id">; event: Pick<EventRow, "startsAt"> }[],
  publicUrl: string,
  kind: ReservationLinkKind,
): Promise<Map<string, string>> {
  const unique = [...new Map(rows.map((row) => [row.reservation.id, row])).values()];
  const tokens = await mintGuestTokens(
    db,
    unique.map((row) => ({ purpose: kind.purpose, reservationId: row.reservation.id, expiresAt: kind.expiresAt(row.event) })),
  );
  return new Map(unique.map((row, index) => [row.reservation.id, `${publicUrl}${kind.path(tokens[index]!)}`]));
}

/**
 * The link of `kind` shown on the page right after reserving. With the form's submission key (a
 * random one-time UUID only the submitter holds, docs/decisions/019) the token is derived from it,
 * so a retried submission is answered with the very same page, link included; without one, a
 * fresh random link.
 */
export async function reservationLinkAfterReserving(
  db: Database,
  row: { reservation: Pick<ReservationRow, "id" | "submissionKey">; event: Pick<EventRow, "startsAt"> },
  kind: ReservationLinkKind,
): Promise<string> {
  const key = row.reservation.submissionKey;
  if (!key) return (await reservationLinks(db, [row], "", kind)).get(row.reservation.id)!;
  const token = createHash("sha256").update(`${kind.derivation}:${key}:${row.reservation.id}`).digest("base64url");
  await storeGuestToken(db, token, { purpose: kind.purpose, reservationId: row.reservation.id, expiresAt: kind.expiresAt(row.event) });
  return kind.path(token);
}

import { createHash } from "node:crypto";
import { randomToken } from "#app/lib/tokens.server";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { guestTokens, type GuestTokenRow } from "#db/schema";
import type { Database } from "#app/lib/db.server";

export type GuestTokenPurpose = GuestTokenRow["purpose"];

/** The SHA-256 of a token, as stored: a leaked table gives no working link. */
export const hashGuestToken = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");

/** A token is 32 random bytes in base64url (43 characters); anything else is no token of ours. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export interface MintedToken {
  purpose: GuestTokenPurpose;
  reservationId?: string;
  waitlistEntryId?: string;
  expiresAt: Date;
}

/**
 * Makes new links (one per row of `wanted`) and stores only their hashes, in one insert. Called when
 * an e-mail is rendered, so the token exists in clear only in the e-mail itself.
 */
export async function mintGuestTokens(db: Database, wanted: MintedToken[]): Promise<string[]> {
  if (wanted.length === 0) return [];
  const tokens = wanted.map(() => randomToken(32));
  const rows = wanted.map((token, index) => ({
    tokenHash: hashGuestToken(tokens[index]!),
    purpose: token.purpose,
    reservationId: token.reservationId ?? null,
    waitlistEntryId: token.waitlistEntryId ?? null,
    expiresAt: token.expiresAt,
  }));
  // Each row's foreign key locks the reservation or entry it names (KEY SHARE), row by row. Taken
  // in id order, the order in which deleting an event locks them, so the two never deadlock.
  await db.insert(guestTokens).values(rows.sort(byReferencedId));
  return tokens;
}

function byReferencedId(a: ReferencingRow, b: ReferencingRow): number {
  return compareIds(a.reservationId, b.reservationId) || compareIds(a.waitlistEntryId, b.waitlistEntryId);
}
type ReferencingRow = { reservationId: string | null; waitlistEntryId: string | null };

/** PostgreSQL's order of uuids (their bytes, i.e. their lower-case hex text); no id sorts first. */
const compareIds = (a: string | null, b: string | null) => (a === b ? 0 : a === null ? -1 : b === null ? 1 : a.toLowerCase() < b.toLowerCase() ? -1 : 1);

/**
 * Stores a token made elsewhere (derived, so that a retried submission shows the same link); a
 * second store of the same token changes nothing.
 */
export async function storeGuestToken(db: Database, token: string, minted: MintedToken): Promise<void> {
  await db
    .insert(guestTokens)
    .values({
      tokenHash: hashGuestToken(token),
      purpose: minted.purpose,
      reservationId: minted.reservationId ?? null,
      waitlistEntryId: minted.waitlistEntryId ?? null,
      expiresAt: minted.expiresAt,
    })
    .onConflictDoNothing();
}

export type TokenLookup =
  | { ok: true; token: GuestTokenRow }
  | { ok: false; reason: "invalid" | "used" | "expired" };

/** What a link says, without using it (the page a GET shows). */
export async function readGuestToken(db: Database, token: string, purpose: GuestTokenPurpose, now: Date): Promise<TokenLookup> {
  if (!TOKEN_SHAPE.test(token)) return { ok: false, reason: "invalid" };
  const [row] = await db
    .select()
    .from(guestTokens)
    .where(and(eq(guestTokens.tokenHash, hashGuestToken(token)), eq(guestTokens.purpose, purpose)));
  if (!row) return { ok: false, reason: "invalid" };
  if (row.usedAt) return { ok: false, reason: "used" };
  if (row.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: "expired" };
  return { ok: true, token: row };
}

/**
 * Uses a link once: marks it used with one conditional UPDATE (inside the caller's transaction, so a
 * rollback gives it back). Of two requests with one link, exactly one gets the row.
 */
export async function spendGuestToken(tx: Database, token: string, purpose: GuestTokenPurpose, now: Date): Promise<TokenLookup> {
  if (!TOKEN_SHAPE.test(token)) return { ok: false, reason: "invalid" };
  const [row] = await tx
    .update(guestTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(guestTokens.tokenHash, hashGuestToken(token)),
        eq(guestTokens.purpose, purpose),
        isNull(guestTokens.usedAt),
        gt(guestTokens.expiresAt, now),
      ),
    )
    .returning();
  if (row) return { ok: true, token: row };
  // Say why, from what the row says now.
  return readGuestToken(tx, token, purpose, now).then((lookup) => (lookup.ok ? { ok: false, reason: "used" } : lookup));
}

/** Forgets links that expired more than a week ago. */
export async function pruneGuestTokens(db: Database, now: Date): Promise<void> {
  await db.delete(guestTokens).where(sql`${guestTokens.expiresAt} < ${now}::timestamptz - interval '7 days'`);
}

/** The pages the links open; paths only, the caller adds PUBLIC_URL. */
export const guestLinkPaths = {
  cancelReservation: (token: string) => `/reservations/cancel?token=${encodeURIComponent(token)}`,
  claimOffer: (token: string) => `/waiting-list/offer?token=${encodeURIComponent(token)}`,
  waitingListEntry: (token: string) => `/waiting-list/entry?token=${encodeURIComponent(token)}`,
  contribution: (token: string) => `/reservations/contribution?token=${encodeURIComponent(token)}`,
};

import { asc, inArray, sql } from "drizzle-orm";
import { invitations } from "#db/schema";
import { idsPresentIn, insertRowsInBulk } from "#app/lib/bulk-insert.server";
import type { Database } from "#app/lib/db.server";

/**
 * Invitations as the declared bulk loaders (the legacy import, the demo seed) write and read them
 * (docs/decisions/063): many at once, in the caller's transaction, never mailed from here.
 */

export type InvitationBulkRow = typeof invitations.$inferInsert;

/** Writes invitations (one INSERT per 2,000; the array is emptied as it is written). */
export async function bulkInsertInvitations(tx: Database, rows: InvitationBulkRow[]): Promise<void> {
  await insertRowsInBulk(tx, invitations, rows);
}

/** Adds invitations (one INSERT, a row breaking a unique key left out); answers the ids added. */
export async function addInvitationsIfNew(tx: Database, rows: InvitationBulkRow[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const added = await tx.insert(invitations).values(rows).onConflictDoNothing().returning({ id: invitations.id });
  return added.map((row) => row.id);
}

/** The invitations to any of `emails` (lower-cased), oldest sent first: their rid, address and campaign. */
export async function listInvitationsTo(db: Database, emails: string[]): Promise<{ rid: string; email: string; campaign: string | null }[]> {
  return db
    .select({ rid: invitations.rid, email: invitations.email, campaign: invitations.campaign })
    .from(invitations)
    .where(inArray(sql`lower(${invitations.email})`, emails))
    .orderBy(asc(invitations.sentAt));
}

/** Which of `ids` are still invitations here. */
export async function invitationIdsPresent(db: Database, ids: readonly string[]): Promise<Set<string>> {
  return idsPresentIn(db, invitations, ids);
}

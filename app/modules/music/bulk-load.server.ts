import { sql } from "drizzle-orm";
import { musicAccess } from "#db/schema";
import { idsPresentIn, insertRowsInBulk } from "#app/lib/bulk-insert.server";
import { queryRows, type Database } from "#app/lib/db.server";

/**
 * Music access as the declared bulk loaders (the legacy import, the demo seed) write and read it
 * (docs/decisions/063): many entitlements at once, in the caller's transaction.
 */

export type MusicAccessBulkRow = typeof musicAccess.$inferInsert;

/** Writes entitlements (one INSERT per 2,000; the array is emptied as it is written). */
export async function bulkInsertMusicAccess(tx: Database, rows: MusicAccessBulkRow[]): Promise<void> {
  await insertRowsInBulk(tx, musicAccess, rows);
}

/** Adds entitlements for addresses without one (one INSERT, an address already there left alone); answers the ids added. */
export async function addMusicAccessIfNew(tx: Database, rows: MusicAccessBulkRow[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const added = await tx.insert(musicAccess).values(rows).onConflictDoNothing().returning({ id: musicAccess.id });
  return added.map((row) => row.id);
}

/** The addresses with access, trimmed and lower-cased. */
export async function listMusicAccessAddresses(db: Database): Promise<Set<string>> {
  const rows = await queryRows<{ email: string }>(db, sql`SELECT lower(trim(email)) AS email FROM ${musicAccess}`);
  return new Set(rows.map((row) => row.email));
}

/** Which of `ids` are still entitlements here. */
export async function musicAccessIdsPresent(db: Database, ids: readonly string[]): Promise<Set<string>> {
  return idsPresentIn(db, musicAccess, ids);
}

import { sql } from "drizzle-orm";
import { consents, unsubscribes } from "#db/schema";
import { insertRowsInBulk } from "#app/lib/bulk-insert.server";
import { queryRows, type Database } from "#app/lib/db.server";

/**
 * Consents as the legacy import, a declared bulk loader, writes and reads them (docs/decisions/063):
 * many granted consents at once, in the caller's transaction, and who may not be put back on a list.
 */

export type ConsentBulkRow = typeof consents.$inferInsert;

/** Writes consents (one INSERT per 2,000; the array is emptied as it is written). Rows are only ever added. */
export async function bulkInsertConsents(tx: Database, rows: ConsentBulkRow[]): Promise<void> {
  await insertRowsInBulk(tx, consents, rows);
}

/**
 * The addresses (lower-cased) that asked here for no more mail: their newest answer for the
 * newsletter, e-mail updates or campaigns is a withdrawal, or they unsubscribed.
 */
export async function listOptedOutAddresses(db: Database): Promise<Set<string>> {
  // The newest answer per address and purpose is the current one (consents are only ever added).
  const withdrawn = await queryRows<{ email: string }>(
    db,
    sql`SELECT email FROM (
          SELECT DISTINCT ON (email, purpose) email, granted FROM consents
          WHERE purpose IN ('newsletter', 'email_updates', 'campaigns') ORDER BY email, purpose, created_at DESC, id DESC
        ) latest WHERE NOT granted`,
  );
  const unsubscribed = await queryRows<{ email: string }>(db, sql`SELECT lower(email) AS email FROM ${unsubscribes}`);
  return new Set([...withdrawn, ...unsubscribed].map((row) => row.email));
}

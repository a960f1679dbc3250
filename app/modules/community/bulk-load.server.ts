import { sql } from "drizzle-orm";
import { community, newsletter, waitlist } from "#db/schema";
import { idsPresentIn, insertRowsInBulk } from "#app/lib/bulk-insert.server";
import { queryRows, type Database } from "#app/lib/db.server";

/**
 * The community list, the newsletter and the launch waitlist as the declared bulk loaders (the
 * legacy import, the demo seed) write and read them (docs/decisions/063): many rows at once, in
 * the caller's transaction. No consent is written here; the loader records its own.
 */

export type CommunityBulkRow = typeof community.$inferInsert;
export type NewsletterBulkRow = typeof newsletter.$inferInsert;
export type WaitlistBulkRow = typeof waitlist.$inferInsert;

/** Writes sign-ups to the three lists (one INSERT per 2,000 rows of each; the arrays are emptied as written). */
export async function bulkInsertSignUps(
  tx: Database,
  rows: { community: CommunityBulkRow[]; newsletter: NewsletterBulkRow[]; waitlist: WaitlistBulkRow[] },
): Promise<void> {
  await insertRowsInBulk(tx, community, rows.community);
  await insertRowsInBulk(tx, newsletter, rows.newsletter);
  await insertRowsInBulk(tx, waitlist, rows.waitlist);
}

/** Adds newsletter subscribers not subscribed yet (one INSERT, an address already there left alone); answers the ids added. */
export async function addNewsletterSubscribersIfNew(tx: Database, rows: NewsletterBulkRow[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const added = await tx.insert(newsletter).values(rows).onConflictDoNothing().returning({ id: newsletter.id });
  return added.map((row) => row.id);
}

/** Adds launch-waitlist entries not there yet (one INSERT, an address already there left alone); answers the ids added. */
export async function addWaitlistEntriesIfNew(tx: Database, rows: WaitlistBulkRow[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const added = await tx.insert(waitlist).values(rows).onConflictDoNothing().returning({ id: waitlist.id });
  return added.map((row) => row.id);
}

/** The addresses (trimmed, lower-cased) already on each list: the community list's with their row's id. */
export async function listSignUpAddresses(db: Database): Promise<{ community: Map<string, string>; newsletter: Set<string>; waitlist: Set<string> }> {
  const communityRows = await queryRows<{ id: string; email: string }>(db, sql`SELECT id::text AS id, lower(trim(email)) AS email FROM community`);
  const emails = async (table: typeof newsletter | typeof waitlist) =>
    new Set((await queryRows<{ email: string }>(db, sql`SELECT lower(trim(email)) AS email FROM ${table}`)).map((row) => row.email));
  return {
    community: new Map(communityRows.map((row) => [row.email, row.id])),
    newsletter: await emails(newsletter),
    waitlist: await emails(waitlist),
  };
}

/** Which of `ids` are still rows of the given list. */
export async function signUpIdsPresent(db: Database, table: "community" | "newsletter" | "waitlist", ids: readonly string[]): Promise<Set<string>> {
  return idsPresentIn(db, { community, newsletter, waitlist }[table], ids);
}

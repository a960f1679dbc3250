import { sql } from "drizzle-orm";
import { account, profiles, user, userProfiles } from "#db/schema";
import { idsPresentIn, insertRowsInBulk } from "#app/lib/bulk-insert.server";
import { queryRows, type Database } from "#app/lib/db.server";

/**
 * The members' tables as the declared bulk loaders (the legacy import, the demo seed) write and
 * read them (docs/decisions/063): many rows at once, in the caller's transaction, with no rule of
 * a sign-up or a form checked here (the loader has checked its rows already).
 */

export type UserBulkRow = typeof user.$inferInsert;
export type AccountBulkRow = typeof account.$inferInsert;
export type ProfileBulkRow = typeof profiles.$inferInsert;
export type UserProfileBulkRow = typeof userProfiles.$inferInsert;

/**
 * Writes new members: the users, then their password accounts and their profiles (children after
 * their user). One INSERT per 2,000 rows of a table; each array is emptied as it is written.
 */
export async function bulkInsertMembers(tx: Database, rows: { users: UserBulkRow[]; accounts: AccountBulkRow[]; profiles: ProfileBulkRow[] }): Promise<void> {
  await insertRowsInBulk(tx, user, rows.users);
  await insertRowsInBulk(tx, account, rows.accounts);
  await insertRowsInBulk(tx, profiles, rows.profiles);
}

/** Writes member-directory rows (one INSERT per 2,000; the array is emptied as it is written). */
export async function bulkInsertUserProfiles(tx: Database, rows: UserProfileBulkRow[]): Promise<void> {
  await insertRowsInBulk(tx, userProfiles, rows);
}

/** Adds member-directory rows whose address is not in the directory yet (one INSERT); answers the ids added. */
export async function addUserProfilesIfNew(tx: Database, rows: UserProfileBulkRow[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const added = await tx.insert(userProfiles).values(rows).onConflictDoNothing().returning({ id: userProfiles.id });
  return added.map((row) => row.id);
}

/** Every account's id and trimmed lower-cased address, and whether it has a profile. */
export async function listMemberAddresses(db: Database): Promise<{ id: string; email: string; hasProfile: boolean }[]> {
  const rows = await queryRows<{ id: string; email: string; has_profile: boolean }>(
    db,
    sql`SELECT u.id::text AS id, lower(trim(u.email)) AS email, EXISTS (SELECT 1 FROM profiles p WHERE p.user_id = u.id) AS has_profile FROM "user" u`,
  );
  return rows.map((row) => ({ id: row.id, email: row.email, hasProfile: row.has_profile }));
}

/** The member directory's addresses, trimmed and lower-cased. */
export async function listUserProfileAddresses(db: Database): Promise<Set<string>> {
  const rows = await queryRows<{ email: string }>(db, sql`SELECT lower(trim(email)) AS email FROM ${userProfiles}`);
  return new Set(rows.map((row) => row.email));
}

/** Which of `ids` are still here, of the users (`user`) or of the member directory (`user_profiles`). */
export async function memberIdsPresent(db: Database, table: "user" | "user_profiles", ids: readonly string[]): Promise<Set<string>> {
  return idsPresentIn(db, table === "user" ? user : userProfiles, ids);
}

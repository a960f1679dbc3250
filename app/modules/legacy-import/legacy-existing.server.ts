import { sql } from "drizzle-orm";
import { legacyIds } from "#db/schema";
import { queryRows, type Database } from "#app/lib/db.server";
import { listSignUpAddresses, signUpIdsPresent } from "#app/modules/community/index.server";
import { listOptedOutAddresses } from "#app/modules/consent/index.server";
import { eventIdsPresent, listEventSeats } from "#app/modules/events/index.server";
import { invitationIdsPresent } from "#app/modules/invitations/index.server";
import { listMemberAddresses, listUserProfileAddresses, memberIdsPresent } from "#app/modules/members/index.server";
import { listMusicAccessAddresses, musicAccessIdsPresent } from "#app/modules/music/index.server";
import { reservationIdsPresent } from "#app/modules/reservations/index.server";
import { parseLegacyTimestamp } from "./legacy-dates";
import type { Existing } from "./legacy-plan";

/** Each table a legacy row can become, and its owner's answer to which of the mapped ids are still here. */
const TARGET_TABLES: Record<string, (db: Database, ids: string[]) => Promise<Set<string>>> = {
  community: (db, ids) => signUpIdsPresent(db, "community", ids),
  newsletter: (db, ids) => signUpIdsPresent(db, "newsletter", ids),
  waitlist: (db, ids) => signUpIdsPresent(db, "waitlist", ids),
  music_access: musicAccessIdsPresent,
  user_profiles: (db, ids) => memberIdsPresent(db, "user_profiles", ids),
  user: (db, ids) => memberIdsPresent(db, "user", ids),
  events: eventIdsPresent,
  reservations: reservationIdsPresent,
  invitations: invitationIdsPresent,
};

/** What our database holds already, read through each table's owner (docs/decisions/063), before planning. */
export async function loadExisting(db: Database): Promise<Existing> {
  const mapped: Existing["mapped"] = new Map();
  for (const [targetTable, present] of Object.entries(TARGET_TABLES)) {
    const rows = await queryRows<{ source_table: string; legacy_id: string; target_id: string }>(
      db,
      sql`SELECT source_table, legacy_id, target_id FROM ${legacyIds} WHERE target_table = ${targetTable}`,
    );
    const here = await present(db, [...new Set(rows.map((row) => row.target_id))]);
    for (const row of rows) mapped.set(`${row.source_table}|${row.legacy_id}`, { targetTable, targetId: row.target_id, present: here.has(row.target_id) });
  }
  const signUps = await listSignUpAddresses(db);
  const members = await listMemberAddresses(db);
  const eventRows = await listEventSeats(db);
  return {
    mapped,
    community: signUps.community,
    newsletter: signUps.newsletter,
    waitlist: signUps.waitlist,
    musicAccess: await listMusicAccessAddresses(db),
    userProfiles: await listUserProfileAddresses(db),
    users: new Map(members.map((row) => [row.email, row.id])),
    usersWithProfile: new Set(members.filter((row) => row.hasProfile).map((row) => row.id)),
    optedOut: await listOptedOutAddresses(db),
    slugs: new Set(eventRows.map((row) => row.slug)),
    events: new Map(eventRows.map((row) => [row.id, { startsAt: parseLegacyTimestamp(row.startsAt, "UTC")!, maxSeats: row.maxSeats, seatsTaken: row.seatsTaken }])),
  };
}

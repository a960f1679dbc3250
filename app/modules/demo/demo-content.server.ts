import { sql, type SQL } from "drizzle-orm";
import { demoRows } from "#db/schema";
import { queryRows, type Database } from "#app/lib/db.server";
import { can, notAllowed, type StaffMember } from "#app/modules/access";
import { recordActivity, type CommandActor, type StaffActor } from "#app/modules/activity/index.server";
import { demoTables, isMarked } from "./demo-marks.server";
import { demoAddresses, demoInvitedAddresses } from "./demo-people";

/**
 * Demo content beside real data (docs/decisions/052): what the demo brand holds in this database,
 * whether the database holds anything else, and taking the demo out again.
 */

/** What removing the demo content takes, as the setup page lists it before asking and reports after. */
export interface DemoContentSummary {
  present: boolean;
  /** Demo events, by title in date order. */
  eventTitles: string[];
  /** Reservations on the demo events (they go with their event), of which `reservationsMadeHere` people made. */
  reservations: number;
  reservationsMadeHere: number;
  invitations: number;
  /** Newsletter subscribers and launch-waitlist entries. */
  signUps: number;
  /** Member-directory and music-access rows of the demo people. */
  members: number;
  /** Listening records (plays, pauses, ends) of the demo people and the demo invitations' links. */
  plays: number;
}

const addressList = (addresses: string[]) => sql.join(addresses.map((address) => sql`${address}`), sql`, `);
const demoEventIds = sql`select row_id::uuid from demo_rows where table_name = 'events'`;
const demoRids = sql`select i.rid from invitations i where ${isMarked("invitations", "i")}`;
/** Rows of the demo people that accepting a demo invitation (or the seed) made. */
const ofDemoPeople = (table: "user_profiles" | "music_access", alias: string) =>
  sql`(${isMarked(table, alias)} or lower(${sql.identifier(alias)}.email) in (${addressList(demoInvitedAddresses)}))`;
const demoPlays = sql`(a.rid in (${demoRids}) or lower(a.user_email) in (${addressList(demoAddresses)}))`;

export async function demoContentSummary(db: Database): Promise<DemoContentSummary> {
  const [counts] = await queryRows<Omit<DemoContentSummary, "present" | "eventTitles">>(
    db,
    sql`select
      (select count(*)::int from reservations r where r.event_id in (${demoEventIds})) as "reservations",
      (select count(*)::int from reservations r where r.event_id in (${demoEventIds}) and not ${isMarked("reservations", "r")}) as "reservationsMadeHere",
      (select count(*)::int from invitations i where ${isMarked("invitations", "i")}) as "invitations",
      (select count(*)::int from newsletter n where ${isMarked("newsletter", "n")})
        + (select count(*)::int from waitlist w where ${isMarked("waitlist", "w")}) as "signUps",
      (select count(*)::int from user_profiles p where ${ofDemoPeople("user_profiles", "p")})
        + (select count(*)::int from music_access m where ${ofDemoPeople("music_access", "m")}) as "members",
      (select count(*)::int from audio_events a where ${demoPlays}) as "plays"`,
  );
  const events = await queryRows<{ title: string }>(db, sql`select e.title from events e where ${isMarked("events", "e")} order by e.starts_at, e.title`);
  const summary = { ...counts!, eventTitles: events.map((event) => event.title) };
  const present = summary.eventTitles.length + summary.invitations + summary.signUps + summary.members > 0;
  return { present, ...summary };
}

/**
 * Why demo content may not be added here, or null when the database holds nothing but demo
 * content: an import from the old site, or any row a person made (an unmarked row of a table the
 * demo fills, or any row of the tables only people fill: accounts, the community list, campaigns,
 * attendee imports, the activity log).
 */
export async function realDataHere(db: Database): Promise<"imported" | "people" | null> {
  const unmarked = (table: (typeof demoTables)[number]) =>
    sql`exists (select 1 from ${sql.identifier(table)} t where not ${isMarked(table, "t")})`;
  const any = (table: string) => sql`exists (select 1 from ${sql.identifier(table)})`;
  const [row] = await queryRows<{ imported: boolean; people: boolean }>(
    db,
    sql`select ${any("import_runs")} as imported,
      (${sql.join(
        [...demoTables.map(unmarked), ...["user", "community", "campaigns", "attendee_imports", "activity_log"].map(any)],
        sql` or `,
      )}) as people`,
  );
  if (row?.imported) return "imported";
  if (row?.people) return "people";
  return null;
}

/** Who removes the demo: a staff member, or the import command (no account: its name is the log's actor). */
export type DemoRemover = StaffActor | CommandActor;

/**
 * Removes every demo row, in the caller's transaction (the import's own, so demo content and the
 * old site's data never stand side by side and a failed import leaves the demo as it was): the
 * demo events with every reservation on them, the demo invitations and sign-ups, the demo people's
 * member-directory and music-access rows and their listening records, and the marks. One line of
 * the activity log says what went. Returns what was removed (nothing when there was no demo).
 */
export async function removeDemoContentIn(tx: Database, by: DemoRemover): Promise<DemoContentSummary> {
  const summary = await demoContentSummary(tx);
  if (!summary.present) return summary;
  const statements: SQL[] = [
    sql`delete from audio_events a where ${demoPlays}`,
    sql`delete from user_profiles p where ${ofDemoPeople("user_profiles", "p")}`,
    sql`delete from music_access m where ${ofDemoPeople("music_access", "m")}`,
    // Reservations, waiting lists and their offers go with their event (foreign keys, seat counters by trigger).
    sql`delete from events where id in (${demoEventIds})`,
    sql`delete from invitations i where ${isMarked("invitations", "i")}`,
    sql`delete from newsletter n where ${isMarked("newsletter", "n")}`,
    sql`delete from waitlist w where ${isMarked("waitlist", "w")}`,
  ];
  for (const statement of statements) await tx.execute(statement);
  await tx.delete(demoRows);
  const after = {
    events: summary.eventTitles.length,
    reservations: summary.reservations,
    invitations: summary.invitations,
    signUps: summary.signUps,
    members: summary.members,
    plays: summary.plays,
  };
  await recordActivity(tx, by, { kind: "demo.removed", subjectType: "demo", subjectLabel: "Demo content", after });
  return summary;
}

/** The setup page's Remove demo content (admins, policy `remove-demo-content`), in a transaction of its own. */
export async function removeDemoContent(db: Database, staff: StaffMember) {
  if (!can(staff, "remove-demo-content")) return notAllowed();
  const removed = await db.transaction((tx) => removeDemoContentIn(tx, staff));
  if (!removed.present) return { ok: false as const, reason: "not-found" as const, message: "There is no demo content to remove." };
  return { ok: true as const, removed, message: `The demo content was removed: ${describeDemoContent(removed).join("; ")}.` };
}

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The summary in words, one line per kind that has any. */
export function describeDemoContent(summary: DemoContentSummary): string[] {
  const events = summary.eventTitles.length;
  return [
    events > 0 ? counted(events, "event", "events") : "",
    summary.reservations > 0
      ? `${counted(summary.reservations, "reservation", "reservations")} on them${summary.reservationsMadeHere > 0 ? ` (${summary.reservationsMadeHere} made on this site)` : ""}`
      : "",
    summary.invitations > 0 ? counted(summary.invitations, "invitation", "invitations") : "",
    summary.signUps > 0 ? counted(summary.signUps, "newsletter or waitlist sign-up", "newsletter and waitlist sign-ups") : "",
    summary.members > 0 ? counted(summary.members, "member record", "member records") : "",
    summary.plays > 0 ? counted(summary.plays, "listening record", "listening records") : "",
  ].filter(Boolean);
}

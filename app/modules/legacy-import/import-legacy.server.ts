import { randomUUID } from "node:crypto";
import { eq, getTableColumns, sql } from "drizzle-orm";
import { getTableConfig, type PgTable } from "drizzle-orm/pg-core";
import {
  account,
  activityLog,
  community,
  consents,
  events,
  importRuns,
  invitations,
  legacyIds,
  musicAccess,
  newsletter,
  profiles,
  reservations,
  unsubscribes,
  user,
  userProfiles,
  waitlist,
} from "#db/schema";
import { bcryptCost, MAX_BCRYPT_COST } from "#app/lib/bcrypt-hash";
import { queryRows, type Database } from "#app/lib/db.server";
import { randomToken } from "#app/lib/tokens.server";
import { interestOptions } from "#app/modules/community";
import { slugForEvent } from "#app/modules/events";
import { invitationExpiry, RID_BYTES } from "#app/modules/invitations";
import { normaliseAddress, withoutControlCharacters } from "#app/modules/security";
import { toE164 } from "#app/modules/sms";
import { LEGACY_TABLES, timestampColumns, type LegacyTable } from "./legacy-columns";
import { parseLegacyDate, parseLegacyTimestamp, readLegacyTimestamp } from "./legacy-dates";
import { checkEmail, checkLine, checkProfile, checkText, isSiteSlug, leaveOutOversizedCells, legacyRules, oversizedProblem, shown, type FormRule } from "./legacy-fields";
import { emptyTableReport, totalNew, type ImportRunSummary, type LegacyImportReport, type ReportLine, type TableReport } from "./legacy-report";
import { checkSnapshotColumns, type LegacyRecord, type LegacySnapshot } from "./legacy-source.server";
import { publishImportedImages, resolveLegacyImage, type EventImageStore, type StoredImage } from "./legacy-images.server";

/**
 * The old site's rows mapped onto ours (docs/decisions/045). Two steps: `planLegacyImport` reads
 * our database and decides every row (new, merged, unchanged, skipped), which is the dry run; the
 * apply writes that plan in one transaction with the run's record, the legacy-id mapping and one
 * activity-log entry. Nothing here writes the outbox: an import sends no e-mail and no text.
 */

export interface LegacyImportOptions {
  /** The venue's zone the free-text dates are read in. */
  timeZone: string;
  /** The year of a date written without one; else the year of the row's created_at. */
  defaultYear?: number;
  now: Date;
  /** Where the event images are copied from (the old site's files), and stored to. */
  images: EventImageStore;
}

/** Consents carried over say so: their words are the old site's, whatever version ours are at. */
export const LEGACY_CONSENT_TEXT_VERSION = "legacy";
/** Who the activity log names for an import (run from the command line, not by a signed-in person). */
export const IMPORT_ACTOR = "npm run import:legacy";

/** What reservations.donation (numeric(10, 2)) holds: a larger amount would roll the whole apply back. */
const MAX_DONATION = 99_999_999.99;
const DAY_MS = 86_400_000;

type Insert = { table: PgTable; rows: Record<string, unknown>[] };

/**
 * The text columns each legacy table's rows bring, and the form rule each passes (legacy-fields):
 * a refused `required` column refuses the row; any other refused column is left out, said in the
 * report. E-mail addresses are checked where each table is read (EMAIL_RULES), the phones' numbers
 * by toE164 after their form's rule.
 */
const COLUMN_RULES: Partial<Record<LegacyTable, Record<string, { rule: FormRule<unknown>; lines?: true; required?: true }>>> = {
  community: { name: { rule: legacyRules.communityName }, phone: { rule: legacyRules.communityPhone } },
  user_profiles: { first_name: { rule: legacyRules.firstName }, last_name: { rule: legacyRules.lastName }, phone: { rule: legacyRules.invitationPhone } },
  events_management: {
    title: { rule: legacyRules.eventTitle, required: true },
    location: { rule: legacyRules.eventLocation },
    address: { rule: legacyRules.eventAddress },
    description: { rule: legacyRules.eventDescription, lines: true },
    get_tickets_link: { rule: legacyRules.ticketsLink },
    button: { rule: legacyRules.eventButton },
  },
  events: { name: { rule: legacyRules.eventTitle }, location: { rule: legacyRules.eventLocation }, address: { rule: legacyRules.eventAddress } },
  reservations: { visitor_name: { rule: legacyRules.guestName }, phone: { rule: legacyRules.guestPhone } },
  invitation_summary: { first_name: { rule: legacyRules.firstName }, last_name: { rule: legacyRules.lastName }, phone: { rule: legacyRules.invitationPhone } },
};

/** The form that takes each table's e-mail addresses here. */
const EMAIL_RULES: Partial<Record<LegacyTable, FormRule<string>>> = {
  community: legacyRules.communityEmail,
  newsletter: legacyRules.listEmail,
  waitlist: legacyRules.listEmail,
  user_profiles: legacyRules.invitationEmail,
  reservations: legacyRules.guestEmail,
  invitation_summary: legacyRules.invitationEmail,
};

interface Plan {
  report: LegacyImportReport;
  inserts: Insert[];
  /** Updates to rows already here (a merged event's seat limit), applied after the inserts. */
  eventUpdates: { id: string; set: Record<string, unknown> }[];
  /** Events whose seat counter is recomputed from their reservations after the inserts. */
  recount: Set<string>;
  mappings: { sourceTable: string; legacyId: string; targetTable: string; targetId: string; created: boolean }[];
  /** The old site's image files made into the site's variants (in the scratch folder) while planning. */
  pendingImages: Map<string, Promise<StoredImage>>;
}

interface Existing {
  /** `table|legacyId` → the target and whether it still exists here. */
  mapped: Map<string, { targetTable: string; targetId: string; present: boolean }>;
  community: Map<string, string>;
  newsletter: Set<string>;
  waitlist: Set<string>;
  musicAccess: Set<string>;
  userProfiles: Set<string>;
  users: Map<string, string>;
  usersWithProfile: Set<string>;
  /** Addresses that asked here for no more mail: never put back on a list. */
  optedOut: Set<string>;
  slugs: Set<string>;
  events: Map<string, { startsAt: Date; maxSeats: number | null; seatsTaken: number }>;
}

const TARGET_TABLES: Record<string, PgTable & { id: unknown }> = {
  community,
  newsletter,
  waitlist,
  music_access: musicAccess,
  user_profiles: userProfiles,
  user,
  events,
  reservations,
  invitations,
} as never;

async function loadExisting(db: Database): Promise<Existing> {
  const mapped: Existing["mapped"] = new Map();
  for (const targetTable of Object.keys(TARGET_TABLES)) {
    const rows = await queryRows<{ source_table: string; legacy_id: string; target_id: string; present: boolean }>(
      db,
      sql`SELECT l.source_table, l.legacy_id, l.target_id, (t.id IS NOT NULL) AS present
          FROM legacy_ids l LEFT JOIN ${sql.identifier(targetTable === "user" ? "user" : targetTable)} t ON t.id::text = l.target_id
          WHERE l.target_table = ${targetTable}`,
    );
    for (const row of rows) mapped.set(`${row.source_table}|${row.legacy_id}`, { targetTable, targetId: row.target_id, present: Boolean(row.present) });
  }
  const lowerEmails = async (table: PgTable & { email: never }) =>
    new Set((await queryRows<{ email: string }>(db, sql`SELECT lower(trim(email)) AS email FROM ${table}`)).map((row) => row.email));
  const communityRows = await queryRows<{ id: string; email: string }>(db, sql`SELECT id::text AS id, lower(trim(email)) AS email FROM community`);
  const userRows = await queryRows<{ id: string; email: string; has_profile: boolean }>(
    db,
    sql`SELECT u.id::text AS id, lower(trim(u.email)) AS email, EXISTS (SELECT 1 FROM profiles p WHERE p.user_id = u.id) AS has_profile FROM "user" u`,
  );
  // The newest answer per address and purpose is the current one (consents are only ever added).
  const withdrawn = await queryRows<{ email: string }>(
    db,
    sql`SELECT email FROM (
          SELECT DISTINCT ON (email, purpose) email, granted FROM consents
          WHERE purpose IN ('newsletter', 'email_updates', 'campaigns') ORDER BY email, purpose, created_at DESC, id DESC
        ) latest WHERE NOT granted`,
  );
  const unsubscribed = await queryRows<{ email: string }>(db, sql`SELECT lower(email) AS email FROM ${unsubscribes}`);
  const eventRows = await queryRows<{ id: string; slug: string; starts_at: string; max_seats: number | null; seats_taken: number }>(
    db,
    sql`SELECT id::text AS id, slug, starts_at::text AS starts_at, max_seats, seats_taken FROM events`,
  );
  return {
    mapped,
    community: new Map(communityRows.map((row) => [row.email, row.id])),
    newsletter: await lowerEmails(newsletter as never),
    waitlist: await lowerEmails(waitlist as never),
    musicAccess: await lowerEmails(musicAccess as never),
    userProfiles: await lowerEmails(userProfiles as never),
    users: new Map(userRows.map((row) => [row.email, row.id])),
    usersWithProfile: new Set(userRows.filter((row) => row.has_profile).map((row) => row.id)),
    optedOut: new Set([...withdrawn, ...unsubscribed].map((row) => row.email)),
    slugs: new Set(eventRows.map((row) => row.slug)),
    events: new Map(
      eventRows.map((row) => [row.id, { startsAt: parseLegacyTimestamp(row.starts_at, "UTC")!, maxSeats: row.max_seats === null ? null : Number(row.max_seats), seatsTaken: Number(row.seats_taken) }]),
    ),
  };
}

/** A person's facts gathered from every table, newest non-empty value winning. */
interface Fact {
  value: string;
  at: number;
  where: string;
}

function newest(facts: Fact[] | undefined): Fact | undefined {
  return facts?.reduce<Fact | undefined>((best, fact) => (!best || fact.at >= best.at ? fact : best), undefined);
}

export type LegacyImportPlan = Plan;

export async function planLegacyImport(db: Database, snapshot: LegacySnapshot, options: LegacyImportOptions): Promise<Plan> {
  const existing = await loadExisting(db);
  const now = options.now;
  const tables = new Map<string, TableReport>(LEGACY_TABLES.map((table) => [table, emptyTableReport(table, table in snapshot.tables)]));
  const lines: ReportLine[] = [];
  const plan: Plan = {
    report: {
      source: snapshot.description,
      applied: false,
      columns: checkSnapshotColumns(snapshot),
      otherFiles: snapshot.otherFiles,
      tables: [...tables.values()],
      lines,
      invitationsStillValid: 0,
    },
    inserts: [],
    eventUpdates: [],
    recount: new Set(),
    mappings: [],
    pendingImages: new Map(),
  };
  const rowsOf = (table: LegacyTable): LegacyRecord[] => snapshot.tables[table] ?? [];
  const count = (table: LegacyTable, what: "new" | "merged" | "unchanged" | "skipped") => tables.get(table)![what]++;
  const skip = (table: LegacyTable, legacyId: string, reason: string) => {
    count(table, "skipped");
    lines.push({ table, legacyId, outcome: "skipped", reason });
  };
  const changed = (table: string, legacyId: string, reason: string) => lines.push({ table, legacyId, outcome: "changed", reason });
  const map = (sourceTable: LegacyTable, legacyId: string, targetTable: string, targetId: string, created: boolean) =>
    plan.mappings.push({ sourceTable, legacyId, targetTable, targetId, created });
  const inserted = new Map<PgTable, Record<string, unknown>[]>();
  const insert = (table: PgTable, row: Record<string, unknown>) => {
    let rows = inserted.get(table);
    if (!rows) inserted.set(table, (rows = []));
    rows.push(row);
  };
  for (const table of LEGACY_TABLES) tables.get(table)!.read = rowsOf(table).length;

  // Before anything reads a row: every cell capped, every text column checked by its form's rule,
  // every date-and-time column read (in the venue's zone when it has none: then kept as an instant).
  const notes = new Map<LegacyRecord, string[]>();
  const refusals = new Map<LegacyRecord, string>();
  for (const table of LEGACY_TABLES) {
    const columns = Object.entries(COLUMN_RULES[table] ?? {});
    const timestamps = timestampColumns(table);
    for (const row of rowsOf(table)) {
      const said: string[] = [];
      const emptied = leaveOutOversizedCells(row);
      for (const column of emptied) {
        if (COLUMN_RULES[table]?.[column]?.required) refusals.set(row, `${column} refused: ${oversizedProblem}`);
        else said.push(`${column} left out: ${oversizedProblem}`);
      }
      for (const [column, { rule, lines, required }] of columns) {
        const checked = (lines ? checkText : checkLine)(row[column], rule);
        if (!checked.ok) {
          if (required) refusals.set(row, `${column} '${shown(row[column])}' refused: ${checked.problem}`);
          else said.push(`${column} '${shown(row[column])}' left out: ${checked.problem}`);
          row[column] = null;
          continue;
        }
        if (checked.cleaned) said.push(`${column}: control characters taken out`);
        row[column] = checked.value === null ? null : String(checked.value);
      }
      for (const { name, required } of timestamps) {
        const text = row[name]?.trim();
        if (!text) continue;
        const read = readLegacyTimestamp(text, options.timeZone);
        if (read.ok) {
          if (!read.zoned) row[name] = read.at.toISOString();
          continue;
        }
        row[name] = null;
        if (required) refusals.set(row, `${name} '${shown(text)}' refused: ${read.problem}`);
        else said.push(`${name} '${shown(text)}' left out: ${read.problem}`);
      }
      if (said.length > 0) notes.set(row, said);
    }
  }
  /** Whether a row being decided passes its columns' rules: refused rows are skipped, the rest say what was changed. */
  const admitted = (table: LegacyTable, legacyId: string, row: LegacyRecord): boolean => {
    const refused = refusals.get(row);
    if (refused) {
      skip(table, legacyId, refused);
      return false;
    }
    for (const note of notes.get(row) ?? []) changed(table, legacyId, note);
    return true;
  };

  /** A mapped row: unchanged when its target is still here, skipped when it was deleted here. */
  const previously = (table: LegacyTable, legacyId: string): "unchanged" | "deleted" | null => {
    const found = existing.mapped.get(`${table}|${legacyId}`);
    if (!found) return null;
    return found.present ? "unchanged" : "deleted";
  };
  const seenThisRun = new Set<string>();
  /** Whether the row was settled by an earlier run (or earlier in this one); counts it if so. */
  const settled = (table: LegacyTable, legacyId: string): boolean => {
    const key = `${table}|${legacyId}`;
    if (seenThisRun.has(key)) {
      count(table, "merged");
      return true;
    }
    seenThisRun.add(key);
    const before = previously(table, legacyId);
    if (before === "unchanged") count(table, "unchanged");
    if (before === "deleted") skip(table, legacyId, "deleted here since an earlier import: not brought back");
    return before !== null;
  };
  const emailOf = (table: LegacyTable, value: string | null | undefined) => checkEmail(value, EMAIL_RULES[table] ?? legacyRules.memberEmail);
  const idOf = (row: LegacyRecord, table: LegacyTable, index: number) => row.id ?? emailOf(table, row.email) ?? (shown(row.email) || `row ${index + 2}`);
  // Every date-and-time cell was read above: what is left is an instant, or nothing.
  const time = (value: string | null | undefined) => parseLegacyTimestamp(value, options.timeZone);

  // People: names, phones and interests from every table, so each list gets the newest known.
  const names = new Map<string, Fact[]>();
  const phones = new Map<string, Fact[]>();
  /** `rule`: the form a value must pass to be a fact, when its column's own rule (COLUMN_RULES) is not that one already. */
  const addFact = (facts: Map<string, Fact[]>, email: string | null, value: string | null | undefined, at: Date | null, where: string, rule?: FormRule<unknown>) => {
    const text = value ? withoutControlCharacters(value).replace(/\s+/g, " ") : "";
    if (!email || !text || (rule && !rule.safeParse(text).success)) return;
    let list = facts.get(email);
    if (!list) facts.set(email, (list = []));
    list.push({ value: text, at: at?.getTime() ?? 0, where });
  };
  // A name is a fact only as the community form takes one, the strictest of the forms that ask for a name (community names passed it already).
  const nameRule = legacyRules.communityName;
  const usersById = new Map<string, LegacyRecord>();
  for (const row of rowsOf("auth.users")) if (row.id) usersById.set(row.id, row);
  const profileByUser = new Map<string, LegacyRecord>();
  for (const row of rowsOf("profiles")) if (row.user_id) profileByUser.set(row.user_id, row);
  for (const row of rowsOf("community")) {
    const email = emailOf("community", row.email);
    addFact(names, email, row.name, time(row.created_at), `community ${row.id}`);
    addFact(phones, email, row.phone, time(row.created_at), `community ${row.id}`);
  }
  for (const row of rowsOf("user_profiles")) {
    const email = emailOf("user_profiles", row.email);
    addFact(names, email, [row.first_name, row.last_name].filter(Boolean).join(" "), time(row.created_at), `user_profiles ${email}`, nameRule);
    addFact(phones, email, row.phone, time(row.created_at), `user_profiles ${email}`);
  }
  for (const row of rowsOf("profiles")) {
    const owner = usersById.get(row.user_id ?? "");
    addFact(names, emailOf("auth.users", owner?.email), row.full_name, time(row.updated_at) ?? time(row.created_at), `profiles ${row.id}`, nameRule);
  }
  const conflictsSaid = new Set<string>();
  const sayConflicts = (email: string, table: LegacyTable, legacyId: string) => {
    if (conflictsSaid.has(email)) return;
    conflictsSaid.add(email);
    for (const [what, facts] of [["name", names.get(email)], ["phone", phones.get(email)]] as const) {
      const distinct = new Set((facts ?? []).map((fact) => (what === "phone" ? (toE164(fact.value) ?? fact.value) : fact.value.toLowerCase())));
      if (distinct.size > 1) {
        const kept = newest(facts)!;
        const others = [...new Set(facts!.filter((fact) => fact !== kept).map((fact) => fact.value))].filter((value) => value !== kept.value);
        if (others.length) changed(table, legacyId, `${what} differs across tables: kept '${kept.value}' (${kept.where}, newest) over ${others.map((value) => `'${value}'`).join(", ")}`);
      }
    }
  };
  const phoneOf = (email: string) => {
    const fact = newest(phones.get(email)?.filter((candidate) => toE164(candidate.value)));
    return fact ? toE164(fact.value) : null;
  };
  const sayDroppedPhones = (table: LegacyTable, legacyId: string, value: string | null | undefined) => {
    if (value?.trim() && !toE164(value)) changed(table, legacyId, `phone dropped: '${shown(value)}' is not a phone number`);
  };

  const consent = (email: string, purposes: string[], at: Date, userId: string | null) => {
    for (const purpose of purposes)
      insert(consents, { email, userId, purpose, granted: true, source: "import", textVersion: LEGACY_CONSENT_TEXT_VERSION, createdAt: at });
  };
  const newUserIds = new Map<string, string>();
  const userIdFor = (email: string) => newUserIds.get(email) ?? existing.users.get(email) ?? null;

  const profilesTaken = new Set<string>();
  // Accounts first, so the sign-ups' consents name their member.
  for (const [index, row] of rowsOf("auth.users").entries()) {
    const legacyId = idOf(row, "auth.users", index);
    const email = emailOf("auth.users", row.email);
    if (!email) {
      skip("auth.users", legacyId, `invalid e-mail '${shown(row.email)}'`);
      continue;
    }
    if (settled("auth.users", legacyId) || !admitted("auth.users", legacyId, row)) continue;
    const here = existing.users.get(email) ?? newUserIds.get(email);
    if (here) {
      count("auth.users", "merged");
      map("auth.users", legacyId, "user", here, false);
      changed("auth.users", legacyId, "an account with this e-mail is already here: kept as it is (its password too)");
      continue;
    }
    const id = randomUUID();
    newUserIds.set(email, id);
    const createdAt = time(row.created_at) ?? now;
    const profile = row.id ? profileByUser.get(row.id) : undefined;
    const meta = parseJsonObject(row.raw_user_meta_data);
    const metaName = (key: string) => {
      const checked = checkLine(stringField(meta, key), legacyRules.memberName);
      return checked.ok ? checked.value : null;
    };
    const name = newest(names.get(email))?.value ?? metaName("full_name") ?? metaName("name") ?? email.split("@")[0]!;
    insert(user, { id, name, email, emailVerified: Boolean(row.email_confirmed_at), createdAt, updatedAt: createdAt, role: "member" });
    const hash = row.encrypted_password?.trim();
    const cost = hash ? bcryptCost(hash) : null;
    if (hash && cost !== null && cost <= MAX_BCRYPT_COST) {
      insert(account, { id: randomUUID(), accountId: id, providerId: "credential", userId: id, password: hash, createdAt, updatedAt: createdAt });
    } else if (cost !== null) {
      changed("auth.users", legacyId, `password dropped: bcrypt cost ${cost} is above ${MAX_BCRYPT_COST} (checking it would hold up the sign-in); the member signs in by e-mailed link`);
    } else if (hash) {
      changed("auth.users", legacyId, "password dropped: not a bcrypt hash; the member signs in by e-mailed link");
    }
    if (profile) {
      const profileId = profile.id ?? id;
      admitted("profiles", profileId, profile);
      const checked = checkProfile(profile);
      for (const note of checked.notes) changed("profiles", profileId, note);
      insert(profiles, {
        userId: id,
        ...checked.values,
        notificationPreference: profile.notification_preference === null ? true : isTrue(profile.notification_preference),
        createdAt: time(profile.created_at) ?? createdAt,
        updatedAt: time(profile.updated_at) ?? createdAt,
      });
      map("profiles", profileId, "user", id, true);
      profilesTaken.add(profileId);
      count("profiles", "new");
    }
    count("auth.users", "new");
    map("auth.users", legacyId, "user", id, true);
    sayConflicts(email, "auth.users", legacyId);
  }
  for (const row of rowsOf("profiles")) {
    const legacyId = row.id ?? row.user_id ?? "?";
    if (profilesTaken.has(legacyId)) continue;
    if (previously("profiles", legacyId) === "unchanged") count("profiles", "unchanged");
    else if (!usersById.has(row.user_id ?? "")) skip("profiles", legacyId, "its user is not in auth.users");
    else {
      count("profiles", "merged");
      changed("profiles", legacyId, "its account was already here: the profile here is kept");
    }
  }

  // Community list: one row per address, joined at the earliest sign-up.
  const validInterests = new Set<string>(interestOptions.map((option) => option.value));
  const interestFromLabel = new Map<string, string>(interestOptions.map((option) => [option.label.toLowerCase(), option.value]));
  const firstSignUp = new Map<string, Record<string, unknown>>();
  for (const [index, row] of rowsOf("community").entries()) {
    const legacyId = idOf(row, "community", index);
    const email = emailOf("community", row.email);
    if (!email) {
      skip("community", legacyId, `invalid e-mail '${shown(row.email)}'`);
      continue;
    }
    if (settled("community", legacyId) || !admitted("community", legacyId, row)) continue;
    const createdAt = time(row.created_at) ?? now;
    const pending = firstSignUp.get(email);
    if (pending) {
      count("community", "merged");
      if ((pending.createdAt as Date) > createdAt) pending.createdAt = pending.consentAcceptedAt = createdAt;
      map("community", legacyId, "community", pending.id as string, false);
      sayDroppedPhones("community", legacyId, row.phone);
      continue;
    }
    if (existing.optedOut.has(email)) {
      skip("community", legacyId, "unsubscribed here: not put back on the list");
      continue;
    }
    const here = existing.community.get(email);
    if (here) {
      count("community", "merged");
      map("community", legacyId, "community", here, false);
      continue;
    }
    let interest = row.interest?.trim() ?? "";
    if (!validInterests.has(interest)) {
      const fromLabel = interestFromLabel.get(interest.toLowerCase()) ?? "all";
      changed("community", legacyId, `interest '${shown(interest)}' read as '${fromLabel}'`);
      interest = fromLabel;
    }
    sayDroppedPhones("community", legacyId, row.phone);
    sayConflicts(email, "community", legacyId);
    const phone = phoneOf(email);
    const id = randomUUID();
    const signUp = { id, name: newest(names.get(email))?.value ?? email, email, phone, interest, source: "import", consentAcceptedAt: createdAt, smsConsentAt: phone ? createdAt : null, createdAt };
    firstSignUp.set(email, signUp);
    insert(community, signUp);
    count("community", "new");
    map("community", legacyId, "community", id, true);
  }
  // Their consents, at the earliest sign-up's time: the old form's one box covered the Terms, e-mail and texts.
  for (const signUp of firstSignUp.values()) {
    const email = signUp.email as string;
    consent(email, ["terms", "privacy", "email_updates", ...(signUp.phone ? ["sms"] : [])], signUp.createdAt as Date, userIdFor(email));
  }

  // Newsletter and launch waitlist: an address once, with its consent.
  for (const [table, target, have, purpose] of [
    ["newsletter", newsletter, existing.newsletter, "newsletter"],
    ["waitlist", waitlist, existing.waitlist, "email_updates"],
  ] as const) {
    const added = new Set<string>();
    for (const [index, row] of rowsOf(table).entries()) {
      const email = emailOf(table, row.email);
      if (!email) {
        skip(table, idOf(row, table, index), `invalid e-mail '${shown(row.email)}'`);
        continue;
      }
      if (settled(table, email) || !admitted(table, email, row)) continue;
      if (existing.optedOut.has(email)) {
        skip(table, email, "unsubscribed here: not put back on the list");
        continue;
      }
      if (have.has(email) || added.has(email)) {
        count(table, "merged");
        continue;
      }
      added.add(email);
      const id = randomUUID();
      const createdAt = time(row.created_at) ?? now;
      insert(target, { id, email, createdAt, ...(table === "waitlist" ? { source: "import" } : {}) });
      consent(email, [purpose], createdAt, userIdFor(email));
      count(table, "new");
      map(table, email, table, id, true);
    }
  }

  // Music access: an entitlement, not a list; no consent involved.
  for (const [index, row] of rowsOf("music_access").entries()) {
    const email = emailOf("music_access", row.email);
    if (!email) {
      skip("music_access", idOf(row, "music_access", index), `invalid e-mail '${shown(row.email)}'`);
      continue;
    }
    if (settled("music_access", email) || !admitted("music_access", email, row)) continue;
    if (existing.musicAccess.has(email)) {
      count("music_access", "merged");
      continue;
    }
    const id = randomUUID();
    insert(musicAccess, { id, email, source: "import" });
    existing.musicAccess.add(email);
    count("music_access", "new");
    map("music_access", email, "music_access", id, true);
  }

  // The member directory.
  for (const [index, row] of rowsOf("user_profiles").entries()) {
    const email = emailOf("user_profiles", row.email);
    if (!email) {
      skip("user_profiles", idOf(row, "user_profiles", index), `invalid e-mail '${shown(row.email)}'`);
      continue;
    }
    if (settled("user_profiles", email) || !admitted("user_profiles", email, row)) continue;
    if (existing.userProfiles.has(email)) {
      count("user_profiles", "merged");
      continue;
    }
    existing.userProfiles.add(email);
    sayDroppedPhones("user_profiles", email, row.phone);
    sayConflicts(email, "user_profiles", email);
    const id = randomUUID();
    insert(userProfiles, {
      id,
      email,
      firstName: row.first_name,
      lastName: row.last_name,
      phone: phoneOf(email),
      interests: parseList(row.interests),
      createdAt: time(row.created_at) ?? now,
      updatedAt: time(row.created_at) ?? now,
    });
    count("user_profiles", "new");
    map("user_profiles", email, "user_profiles", id, true);
  }

  // Events: the managed ones, then the ticketed ones merged with the managed event of their day.
  const eventsHere = new Map(existing.events);
  const managedEvents: { id: string; startsAt: Date; dated: boolean; matched: boolean; row: Record<string, unknown> | null }[] = [];
  for (const mapping of existing.mapped.entries()) {
    const [key, target] = mapping;
    if (!key.startsWith("events_management|") || !target.present) continue;
    const known = eventsHere.get(target.targetId);
    if (known) managedEvents.push({ id: target.targetId, startsAt: known.startsAt, dated: true, matched: known.maxSeats !== null, row: null });
  }
  const uniqueSlug = (wanted: string) => {
    let slug = wanted;
    for (let n = 2; existing.slugs.has(slug); n++) slug = `${wanted}-${n}`;
    existing.slugs.add(slug);
    return slug;
  };
  for (const [index, row] of rowsOf("events_management").entries()) {
    const legacyId = idOf(row, "events_management", index);
    if (settled("events_management", legacyId) || !admitted("events_management", legacyId, row)) continue;
    const title = row.title;
    if (!title) {
      skip("events_management", legacyId, "no title");
      continue;
    }
    const createdAt = time(row.created_at);
    const parsed = parseLegacyDate(row.date, row.time, { timeZone: options.timeZone, defaultYear: options.defaultYear, createdAt, now });
    const active = row.is_active === null || isTrue(row.is_active);
    let status: "draft" | "published" | "archived" = !active ? "archived" : row.status?.trim().toLowerCase() === "published" ? "published" : "draft";
    let startsAt: Date;
    if (parsed.ok) {
      startsAt = parsed.startsAt;
      if (parsed.yearAssumed) changed("events_management", legacyId, `date '${shown(row.date)}' has no year: ${parsed.yearAssumed} taken`);
      if (parsed.timeAssumed) changed("events_management", legacyId, `time '${shown(row.time)}' not understood: 7:00 PM taken`);
    } else {
      startsAt = createdAt ?? now;
      if (status === "published") status = "draft";
      changed("events_management", legacyId, `unparseable date '${shown(row.date)}' '${shown(row.time)}': imported as a draft dated when it was made; set its date`);
    }
    if (!active) changed("events_management", legacyId, "inactive on the old site: imported as archived");
    const id = randomUUID();
    const image = await resolveLegacyImage(row.image, options.images, plan.pendingImages);
    if (image.problem) changed("events_management", legacyId, image.problem);
    const event: Record<string, unknown> = {
      id,
      title,
      slug: uniqueSlug(slugForEvent(title, startsAt)),
      startsAt,
      location: row.location,
      address: row.address,
      description: row.description ?? "",
      image: image.path,
      featured: isTrue(row.featured),
      getTicketsLink: row.get_tickets_link,
      button: normaliseButton(row.button),
      status,
      soldOut: isTrue(row.sold_out),
      maxSeats: null,
      createdAt: createdAt ?? now,
      updatedAt: now,
    };
    insert(events, event);
    eventsHere.set(id, { startsAt, maxSeats: null, seatsTaken: 0 });
    managedEvents.push({ id, startsAt, dated: parsed.ok, matched: false, row: event });
    count("events_management", "new");
    map("events_management", legacyId, "events", id, true);
  }
  const ticketedTarget = new Map<string, string>();
  for (const [legacyKey, target] of existing.mapped) if (legacyKey.startsWith("events|") && target.present) ticketedTarget.set(legacyKey.slice(7), target.targetId);
  const venueDay = new Intl.DateTimeFormat("en-CA", { timeZone: options.timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
  const dayKey = (date: Date) => venueDay.format(date);
  // Managed events by their venue day, for the ticketed rows' same-day (else within a day) match.
  const byDay = new Map<string, typeof managedEvents>();
  for (const event of managedEvents) {
    if (!event.dated) continue;
    const key = dayKey(event.startsAt);
    const same = byDay.get(key);
    if (same) same.push(event);
    else byDay.set(key, [event]);
  }
  for (const [index, row] of rowsOf("events").entries()) {
    const legacyId = idOf(row, "events", index);
    if (settled("events", legacyId) || !admitted("events", legacyId, row)) continue;
    const startsAt = time(row.event_date);
    if (!startsAt) {
      skip("events", legacyId, "no event_date");
      continue;
    }
    const seatLimit = legacyRules.maxSeats.safeParse(row.max_seats?.trim() ?? "");
    const maxSeats = seatLimit.success ? seatLimit.data : null;
    if (!seatLimit.success) changed("events", legacyId, `max_seats '${shown(row.max_seats)}' left out: ${seatLimit.error.issues[0]?.message}`);
    let slug = row.slug?.trim() || null;
    if (slug && !isSiteSlug(slug)) {
      changed("events", legacyId, `slug '${shown(slug)}' left out: not lower-case letters and digits joined by hyphens`);
      slug = null;
    }
    // The spec's matching rule: the managed event of the same calendar day, else one within a day.
    const around = [-DAY_MS, DAY_MS].flatMap((offset) => byDay.get(dayKey(new Date(startsAt.getTime() + offset))) ?? []);
    const match =
      byDay.get(dayKey(startsAt))?.find((event) => !event.matched) ??
      around
        .filter((event) => !event.matched && Math.abs(event.startsAt.getTime() - startsAt.getTime()) <= DAY_MS)
        .sort((a, b) => Math.abs(a.startsAt.getTime() - startsAt.getTime()) - Math.abs(b.startsAt.getTime() - startsAt.getTime()))[0];
    if (match) {
      match.matched = true;
      if (match.row) {
        match.row.maxSeats = maxSeats;
        if (slug && !existing.slugs.has(slug)) {
          existing.slugs.delete(match.row.slug as string);
          existing.slugs.add(slug);
          match.row.slug = slug;
        }
      } else {
        plan.eventUpdates.push({ id: match.id, set: { maxSeats } });
      }
      eventsHere.get(match.id)!.maxSeats = maxSeats;
      count("events", "merged");
      map("events", legacyId, "events", match.id, false);
      ticketedTarget.set(legacyId, match.id);
      continue;
    }
    const id = randomUUID();
    const title = row.name || `Event of ${dayKey(startsAt)}`;
    insert(events, {
      id,
      title,
      slug: uniqueSlug(slug || slugForEvent(title, startsAt)),
      startsAt,
      location: row.location,
      address: row.address,
      description: "",
      image: options.images.defaultImage,
      status: startsAt > now ? "published" : "archived",
      maxSeats,
      createdAt: now,
      updatedAt: now,
    });
    eventsHere.set(id, { startsAt, maxSeats, seatsTaken: 0 });
    changed("events", legacyId, `no managed event on ${dayKey(startsAt)}: imported as its own event (${startsAt > now ? "published" : "archived, it is past"})`);
    count("events", "new");
    map("events", legacyId, "events", id, true);
    ticketedTarget.set(legacyId, id);
  }

  // Reservations, then each event's seat counter (an oversold event gets its limit raised).
  const seatsAdded = new Map<string, number>();
  for (const [index, row] of rowsOf("reservations").entries()) {
    const legacyId = idOf(row, "reservations", index);
    if (settled("reservations", legacyId)) continue;
    const eventId = ticketedTarget.get(row.event_id ?? "");
    if (!eventId) {
      skip("reservations", legacyId, `its event ${row.event_id ? shown(row.event_id) : "(none)"} is not in the events table`);
      continue;
    }
    const email = emailOf("reservations", row.visitor_email);
    if (!email) {
      skip("reservations", legacyId, `invalid e-mail '${shown(row.visitor_email)}'`);
      continue;
    }
    const seats = Number(row.seats);
    if (!Number.isInteger(seats) || seats < 1 || seats > 10) {
      skip("reservations", legacyId, `seats '${shown(row.seats)}' outside 1 to 10`);
      continue;
    }
    if (!admitted("reservations", legacyId, row)) continue;
    const donation = row.donation === null || row.donation === undefined ? null : Number(row.donation);
    const donationKept = donation !== null && Number.isFinite(donation) && donation >= 0 && donation <= MAX_DONATION;
    if (donation !== null && !donationKept) changed("reservations", legacyId, `donation '${shown(row.donation)}' left out: not an amount from 0 to ${MAX_DONATION.toLocaleString("en-US")}`);
    const phone = row.phone ? toE164(row.phone) : null;
    sayDroppedPhones("reservations", legacyId, row.phone);
    const id = randomUUID();
    insert(reservations, {
      id,
      eventId,
      visitorName: row.visitor_name || email,
      visitorEmail: email,
      visitorEmailKey: normaliseAddress(email),
      phone,
      seats,
      donation: donationKept ? donation.toFixed(2) : null,
      createdAt: time(row.created_at) ?? now,
    });
    seatsAdded.set(eventId, (seatsAdded.get(eventId) ?? 0) + seats);
    count("reservations", "new");
    map("reservations", legacyId, "reservations", id, true);
  }
  const ticketedByTarget = new Map([...ticketedTarget].map(([legacyId, target]) => [target, legacyId]));
  for (const [eventId, added] of seatsAdded) {
    plan.recount.add(eventId);
    const event = eventsHere.get(eventId)!;
    const taken = event.seatsTaken + added;
    if (event.maxSeats !== null && taken > event.maxSeats) {
      const legacyId = ticketedByTarget.get(eventId) ?? eventId;
      changed("events", legacyId, `oversold on the old site: max_seats raised from ${event.maxSeats} to ${taken}, the seats taken`);
    }
  }

  // Invitations: accepted ones are history; a pending one keeps its time (valid until 30 days after it was
  // sent, as here), one the old site marked expired is expired.
  for (const [index, row] of rowsOf("invitation_summary").entries()) {
    const email = emailOf("invitation_summary", row.email);
    // No id in the view: the address and the sending time (as an instant, the same from a URL and a CSV) name the row.
    const legacyId = row.id ?? `${email ?? (shown(row.email) || `row ${index + 2}`)} ${time(row.sent_at)?.toISOString() ?? ""}`.trim();
    if (!email) {
      skip("invitation_summary", legacyId, `invalid e-mail '${shown(row.email)}'`);
      continue;
    }
    if (settled("invitation_summary", legacyId) || !admitted("invitation_summary", legacyId, row)) continue;
    const sent = time(row.sent_at);
    const sentAt = sent ?? now;
    const status = row.status?.trim().toLowerCase();
    const accepted = status === "accepted";
    // Sent at an unknown time, a pending invitation cannot be said to be still valid: it arrives expired.
    const lifetimeEnd = sent ? invitationExpiry(sent) : now;
    const expiresAt = accepted ? invitationExpiry(sentAt) : status === "expired" ? new Date(Math.min(lifetimeEnd.getTime(), now.getTime())) : lifetimeEnd;
    const id = randomUUID();
    insert(invitations, {
      id,
      // The rid as newInvitationRid mints it, without its server door: that loads the invitations' mail rendering (some 75 MB).
      rid: randomToken(RID_BYTES),
      email,
      firstName: row.first_name,
      lastName: row.last_name,
      phone: row.phone ? toE164(row.phone) : null,
      status: accepted ? "accepted" : "pending",
      sentAt,
      acceptedAt: accepted ? (time(row.accepted_at) ?? sentAt) : null,
      expiresAt,
      campaign: "legacy-import",
      createdAt: sentAt,
    });
    if (!accepted && status !== "expired") {
      if (expiresAt > now) {
        plan.report.invitationsStillValid++;
        changed("invitation_summary", legacyId, `pending, still valid until ${expiresAt.toISOString().slice(0, 10)} (30 days after it was sent); its old link does not work here: re-send it from the dashboard`);
      } else if (sent) changed("invitation_summary", legacyId, "pending, sent more than 30 days ago: imported as expired (re-send it from the dashboard)");
      else changed("invitation_summary", legacyId, "pending, sent_at empty: imported as expired (re-send it from the dashboard)");
    }
    count("invitation_summary", "new");
    map("invitation_summary", legacyId, "invitations", id, true);
  }
  for (const table of LEGACY_TABLES) if (!(table in snapshot.tables)) lines.push({ table, legacyId: "-", outcome: "skipped", reason: "table not in the source" });

  for (const [table, rows] of inserted) plan.inserts.push({ table, rows });
  return plan;
}

const BATCH_ROWS = 1000;

/**
 * Writes the plan in one transaction: every row, the mapping, the run and its activity-log entry.
 * A failure anywhere rolls all of it back. Answers the run's id.
 */
export async function applyLegacyImport(db: Database, plan: Plan, options: { startedAt: Date; images: EventImageStore }): Promise<string> {
  const report: LegacyImportReport = { ...plan.report, applied: true };
  // Images are copied first, outside the transaction: files named by their content, harmless if the import rolls back.
  const eventRows = plan.inserts.filter((entry) => entry.table === events).flatMap((entry) => entry.rows);
  await publishImportedImages(options.images, eventRows.map((row) => String(row.image)));
  return db.transaction(async (tx) => {
    const runId = randomUUID();
    await tx.insert(importRuns).values({ id: runId, source: report.source, startedAt: options.startedAt, counts: report.tables, report, created: totalNew(report) });
    // Parents before children: users before accounts and profiles, events before reservations.
    const order = [user, account, profiles, community, newsletter, waitlist, musicAccess, userProfiles, events, reservations, invitations, consents];
    const inserts = [...plan.inserts].sort((a, b) => order.indexOf(a.table as never) - order.indexOf(b.table as never));
    for (const entry of inserts) {
      await insertRows(tx, entry.table, entry.rows);
    }
    for (const update of plan.eventUpdates) await tx.update(events).set(update.set).where(eq(events.id, update.id));
    const recount = [...plan.recount];
    for (let start = 0; start < recount.length; start += BATCH_ROWS) {
      const ids = recount.slice(start, start + BATCH_ROWS);
      // Reservations plus the seats held by open offers (docs/decisions/018); an oversold event's limit rises to what is taken.
      await tx.execute(sql`
        UPDATE events e SET
          seats_taken = counted.taken,
          max_seats = CASE WHEN e.max_seats IS NOT NULL AND counted.taken > e.max_seats THEN counted.taken ELSE e.max_seats END
        FROM (
          SELECT ev.id,
            (SELECT coalesce(sum(r.seats), 0) FROM reservations r WHERE r.event_id = ev.id)
            + (SELECT coalesce(sum(w.seats), 0) FROM waitlist_entries w WHERE w.event_id = ev.id AND w.status = 'offered') AS taken
          FROM events ev WHERE ev.id IN (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})
        ) counted
        WHERE e.id = counted.id`);
    }
    await insertRows(tx, legacyIds, plan.mappings, {
      everyRow: { importRunId: runId },
      // A legacy row already mapped (two spellings of one address in a table without ids) is kept as first mapped.
      skipConflicts: true,
    });
    await tx.insert(activityLog).values({
      actorUserId: null,
      actorEmail: IMPORT_ACTOR,
      kind: "legacy.imported",
      subjectType: "import_run",
      subjectId: runId,
      subjectLabel: report.source,
      // Flat figures the activity page can say; the full report is the run's (on /admin/setup).
      after: {
        rowsRead: sum(report.tables, "read"),
        newRows: sum(report.tables, "new"),
        merged: sum(report.tables, "merged"),
        unchanged: sum(report.tables, "unchanged"),
        skipped: sum(report.tables, "skipped"),
      },
    });
    return runId;
  });
}

/** Rows per INSERT: one JSON parameter each, well under a megabyte. */
const JSON_BATCH_ROWS = 2000;

/**
 * Inserts rows (keyed by the schema's property names) through one JSON parameter per batch:
 * PostgreSQL turns it into typed rows itself (json_populate_recordset), which is many times
 * faster than binding every value as its own parameter, and the same on both databases.
 * It empties `rows` as it writes, so a written batch's memory can go while the next is built
 * (the plan's rows are most of an import's memory); `everyRow` gives every row the same further
 * values (the run's id on the mapping) without a copy of each row.
 */
async function insertRows(
  tx: Database,
  table: PgTable,
  rows: Record<string, unknown>[],
  options: { skipConflicts?: boolean; everyRow?: Record<string, unknown> } = {},
): Promise<void> {
  const utf8 = reusedUtf8Buffer();
  const shared = Object.keys(options.everyRow ?? {});
  // Taken from the end of the reversed list: each batch leaves it, in order, without copying the rest.
  rows.reverse();
  while (rows.length > 0) {
    const batch: Record<string, unknown>[] = [];
    while (batch.length < JSON_BATCH_ROWS && rows.length > 0) batch.push(rows.pop()!);
    // Rows that leave out different columns (to get their defaults) go in separate statements.
    const shapes = new Map<string, Record<string, unknown>[]>();
    for (const row of batch) {
      const shape = Object.keys(row).sort().join(",");
      const same = shapes.get(shape);
      if (same) same.push(row);
      else shapes.set(shape, [row]);
    }
    for (const [shape, sameShape] of shapes) {
      const keys = [...shape.split(","), ...shared];
      const names = columnNames(table, keys);
      const json = JSON.stringify(sameShape.map((row) => Object.fromEntries(keys.map((key, index) => [names[index], row[key] ?? options.everyRow?.[key] ?? null]))));
      await insertJson(tx, table, names, utf8(json), options);
    }
  }
}

function columnNames(table: PgTable, keys: string[]): string[] {
  const columns = getTableColumns(table);
  return keys.map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`${getTableConfig(table).name} has no column ${key}`);
    return column.name;
  });
}

/** One INSERT of the rows in `json` (UTF-8 bytes of an array of objects keyed by column name). */
async function insertJson(tx: Database, table: PgTable, names: string[], json: Buffer, options: { skipConflicts?: boolean }) {
  const tableName = sql.identifier(getTableConfig(table).name);
  const columnList = sql.join(names.map((name) => sql.identifier(name)), sql`, `);
  await tx.execute(
    sql`INSERT INTO ${tableName} (${columnList}) SELECT ${columnList} FROM json_populate_recordset(null::${tableName}, convert_from(${json}::bytea, 'UTF8')::json)${options.skipConflicts ? sql` ON CONFLICT DO NOTHING` : sql``}`,
  );
}

/**
 * Text as UTF-8 in one buffer reused from call to call (an answer holds until the next call). The
 * batches go to the database as these bytes, not as strings: node-postgres keeps a finished query's
 * parameters reachable long enough to reach the old generation, so every batch's JSON text stayed
 * there until a full collection and the apply's heap grew by some 90 MB (docs/decisions/045).
 */
function reusedUtf8Buffer(): (text: string) => Buffer {
  let buffer = Buffer.alloc(0);
  return (text) => {
    const length = Buffer.byteLength(text);
    if (length > buffer.length) buffer = Buffer.allocUnsafe(Math.max(length, buffer.length * 2));
    buffer.write(text);
    return buffer.subarray(0, length);
  };
}

/** Lines of a run's report the setup page shows; the rest is counted ('and N more'). */
const LINES_SHOWN = 200;

/** Past runs, newest first, for the setup page. */
export async function listImportRuns(db: Database, limit = 10): Promise<ImportRunSummary[]> {
  const runs = await db
    .select({ id: importRuns.id, source: importRuns.source, finishedAt: importRuns.finishedAt, created: importRuns.created, report: importRuns.report })
    .from(importRuns)
    .orderBy(sql`${importRuns.finishedAt} desc`)
    .limit(limit);
  return runs.map((run) => {
    const report = run.report as Partial<LegacyImportReport>;
    const lines = report.lines ?? [];
    return {
      id: run.id,
      source: run.source,
      finishedAt: run.finishedAt,
      created: run.created,
      tables: report.tables ?? [],
      lines: lines.slice(0, LINES_SHOWN),
      moreLines: Math.max(0, lines.length - LINES_SHOWN),
    };
  });
}

function sum(tables: TableReport[], count: "read" | "new" | "merged" | "unchanged" | "skipped"): number {
  return tables.reduce((total, table) => total + table[count], 0);
}

const TRUE_WORDS = new Set(["t", "true", "1", "yes", "y"]);

function isTrue(value: string | null | undefined): boolean {
  return value !== null && value !== undefined && value.length <= 5 && TRUE_WORDS.has(value.trim().toLowerCase());
}

/** The card's disabled labels as the site writes them ('Private event' → 'Private Event'). */
function normaliseButton(value: string | null | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  const known = ["Past Event", "Coming Soon", "Private Event", "Guest List Full", "Get Tickets", "Reserve Your Spot"].find((label) => label.toLowerCase() === text.toLowerCase());
  return known ?? text;
}

/** A PostgreSQL array ('{piano,retreats}'), a JSON array or a comma-separated list; each item on one line. */
function parseList(value: string | null | undefined): string[] {
  const text = value?.trim();
  if (!text) return [];
  let items: string[] | undefined;
  if (text.startsWith("[")) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (Array.isArray(parsed)) items = parsed.map(String);
    } catch {
      // read as a plain list below
    }
  }
  items ??= text
    .replace(/^\{|\}$/g, "")
    .split(",")
    .map((item) => item.trim().replace(/^"|"$/g, ""));
  return items.map((item) => withoutControlCharacters(item)).filter(Boolean);
}

function parseJsonObject(value: string | null | undefined): Record<string, unknown> {
  if (!value) return {};
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === "object" && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function stringField(object: Record<string, unknown>, key: string): string | undefined {
  const value = object[key];
  return typeof value === "string" && value.trim() ? value.trim() : undefined;
}

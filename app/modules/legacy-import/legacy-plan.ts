import type { AccountBulkRow, ProfileBulkRow, UserBulkRow, UserProfileBulkRow } from "#app/modules/members/index.server";
import type { CommunityBulkRow, NewsletterBulkRow, WaitlistBulkRow } from "#app/modules/community/index.server";
import type { ConsentBulkRow } from "#app/modules/consent/index.server";
import type { EventBulkRow } from "#app/modules/events/index.server";
import type { InvitationBulkRow } from "#app/modules/invitations/index.server";
import type { MusicAccessBulkRow } from "#app/modules/music/index.server";
import type { ReservationBulkRow } from "#app/modules/reservations/index.server";
import { LEGACY_TABLES, timestampColumns, type LegacyTable } from "./legacy-columns";
import { parseLegacyTimestamp, readLegacyTimestamp } from "./legacy-dates";
import { checkEmail, checkLine, checkText, leaveOutOversizedCells, legacyRules, oversizedProblem, shown, type FormRule } from "./legacy-fields";
import { emptyTableReport, type LegacyImportReport, type ReportLine, type TableReport } from "./legacy-report";
import { checkSnapshotColumns, type LegacyRecord, type LegacySnapshot } from "./legacy-source.server";
import type { EventImageStore, StoredImage } from "./legacy-images.server";

/**
 * What every table's planner shares (docs/decisions/045, 063): the plan being made, what our
 * database holds already, and the bookkeeping of the report (counts, skipped and changed lines,
 * the legacy-id mapping). Each old table has its own planner (plan-*.ts); `planLegacyImport`
 * runs them in order.
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

/** The rows the apply writes, by our table, each through its owner's bulk writer. */
export interface PlannedRows {
  users: UserBulkRow[];
  accounts: AccountBulkRow[];
  profiles: ProfileBulkRow[];
  community: CommunityBulkRow[];
  newsletter: NewsletterBulkRow[];
  waitlist: WaitlistBulkRow[];
  musicAccess: MusicAccessBulkRow[];
  userProfiles: UserProfileBulkRow[];
  events: EventBulkRow[];
  reservations: ReservationBulkRow[];
  invitations: InvitationBulkRow[];
  consents: ConsentBulkRow[];
}

export interface Plan {
  report: LegacyImportReport;
  rows: PlannedRows;
  /** Seat limits of events already here (a merged event's), applied after the inserts. */
  eventUpdates: { id: string; maxSeats: number | null }[];
  /** Events whose seat counter is recomputed from their reservations after the inserts. */
  recount: Set<string>;
  mappings: { sourceTable: string; legacyId: string; targetTable: string; targetId: string; created: boolean }[];
  /** The old site's image files made into the site's variants (in the scratch folder) while planning. */
  pendingImages: Map<string, Promise<StoredImage>>;
}

/** What our database holds already, read before planning (legacy-existing.server). */
export interface Existing {
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

export type Outcome = "new" | "merged" | "unchanged" | "skipped";

/** The plan being made and the report's bookkeeping, handed to each table's planner in turn. */
export interface PlanContext {
  plan: Plan;
  existing: Existing;
  options: LegacyImportOptions;
  now: Date;
  rowsOf(table: LegacyTable): LegacyRecord[];
  count(table: LegacyTable, what: Outcome): void;
  skip(table: LegacyTable, legacyId: string, reason: string): void;
  changed(table: string, legacyId: string, reason: string): void;
  map(sourceTable: LegacyTable, legacyId: string, targetTable: string, targetId: string, created: boolean): void;
  /** Whether a row being decided passes its columns' rules: refused rows are skipped, the rest say what was changed. */
  admitted(table: LegacyTable, legacyId: string, row: LegacyRecord): boolean;
  /** A mapped row: unchanged when its target is still here, deleted when it was deleted here. */
  previously(table: LegacyTable, legacyId: string): "unchanged" | "deleted" | null;
  /** Whether the row was settled by an earlier run (or earlier in this one); counts it if so. */
  settled(table: LegacyTable, legacyId: string): boolean;
  /** The address by the form that takes this table's addresses here, or null when it is not one. */
  emailOf(table: LegacyTable, value: string | null | undefined): string | null;
  idOf(row: LegacyRecord, table: LegacyTable, index: number): string;
  /** A date-and-time cell (every one was read when the plan started): an instant, or nothing. */
  time(value: string | null | undefined): Date | null;
  /** Granted consents from the import, at `at`. */
  consent(email: string, purposes: string[], at: Date, userId: string | null): void;
  /** Accounts made by this run, by address. */
  newUserIds: Map<string, string>;
  userIdFor(email: string): string | null;
}

/**
 * Starts a plan: every table's rows counted, and before anything reads a row every cell capped,
 * every text column checked by its form's rule, every date-and-time column read (in the venue's
 * zone when it has none: then kept as an instant).
 */
export function startPlan(snapshot: LegacySnapshot, existing: Existing, options: LegacyImportOptions): PlanContext {
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
    rows: {
      users: [],
      accounts: [],
      profiles: [],
      community: [],
      newsletter: [],
      waitlist: [],
      musicAccess: [],
      userProfiles: [],
      events: [],
      reservations: [],
      invitations: [],
      consents: [],
    },
    eventUpdates: [],
    recount: new Set(),
    mappings: [],
    pendingImages: new Map(),
  };
  const rowsOf = (table: LegacyTable): LegacyRecord[] => snapshot.tables[table] ?? [];
  const count = (table: LegacyTable, what: Outcome) => tables.get(table)![what]++;
  const skip = (table: LegacyTable, legacyId: string, reason: string) => {
    count(table, "skipped");
    lines.push({ table, legacyId, outcome: "skipped", reason });
  };
  const changed = (table: string, legacyId: string, reason: string) => lines.push({ table, legacyId, outcome: "changed", reason });
  for (const table of LEGACY_TABLES) tables.get(table)!.read = rowsOf(table).length;

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

  const previously = (table: LegacyTable, legacyId: string): "unchanged" | "deleted" | null => {
    const found = existing.mapped.get(`${table}|${legacyId}`);
    if (!found) return null;
    return found.present ? "unchanged" : "deleted";
  };
  const seenThisRun = new Set<string>();
  const emailOf = (table: LegacyTable, value: string | null | undefined) => checkEmail(value, EMAIL_RULES[table] ?? legacyRules.memberEmail);
  const newUserIds = new Map<string, string>();
  return {
    plan,
    existing,
    options,
    now,
    rowsOf,
    count,
    skip,
    changed,
    map: (sourceTable, legacyId, targetTable, targetId, created) => plan.mappings.push({ sourceTable, legacyId, targetTable, targetId, created }),
    admitted: (table, legacyId, row) => {
      const refused = refusals.get(row);
      if (refused) {
        skip(table, legacyId, refused);
        return false;
      }
      for (const note of notes.get(row) ?? []) changed(table, legacyId, note);
      return true;
    },
    previously,
    settled: (table, legacyId) => {
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
    },
    emailOf,
    idOf: (row, table, index) => row.id ?? emailOf(table, row.email) ?? (shown(row.email) || `row ${index + 2}`),
    time: (value) => parseLegacyTimestamp(value, options.timeZone),
    consent: (email, purposes, at, userId) => {
      for (const purpose of purposes)
        plan.rows.consents.push({ email, userId, purpose: purpose as ConsentBulkRow["purpose"], granted: true, source: "import", textVersion: LEGACY_CONSENT_TEXT_VERSION, createdAt: at });
    },
    newUserIds,
    userIdFor: (email) => newUserIds.get(email) ?? existing.users.get(email) ?? null,
  };
}

/** The report's closing lines: each table the source did not have. */
export function finishPlan(context: PlanContext, snapshot: LegacySnapshot): Plan {
  for (const table of LEGACY_TABLES) if (!(table in snapshot.tables)) context.plan.report.lines.push({ table, legacyId: "-", outcome: "skipped", reason: "table not in the source" });
  return context.plan;
}

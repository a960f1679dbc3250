import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { importRuns, legacyIds } from "#db/schema";
import { insertRowsInBulk } from "#app/lib/bulk-insert.server";
import type { Database } from "#app/lib/db.server";
import { recordActivity } from "#app/modules/activity/index.server";
import { bulkInsertSignUps } from "#app/modules/community/index.server";
import { bulkInsertConsents } from "#app/modules/consent/index.server";
import { bulkInsertEvents, setEventSeatLimits } from "#app/modules/events/index.server";
import { bulkInsertInvitations } from "#app/modules/invitations/index.server";
import { bulkInsertMembers, bulkInsertUserProfiles } from "#app/modules/members/index.server";
import { bulkInsertMusicAccess } from "#app/modules/music/index.server";
import { bulkInsertReservations, recountSeatsTaken } from "#app/modules/reservations/index.server";
import { loadExisting } from "./legacy-existing.server";
import { publishImportedImages, type EventImageStore } from "./legacy-images.server";
import { gatherPeople } from "./legacy-people";
import { finishPlan, startPlan, type LegacyImportOptions, type Plan } from "./legacy-plan";
import { totalNew, type ImportRunSummary, type LegacyImportReport, type TableReport } from "./legacy-report";
import type { LegacySnapshot } from "./legacy-source.server";
import { planCommunity } from "./plan-community";
import { planManagedEvents } from "./plan-events";
import { planInvitations } from "./plan-invitations";
import { planList } from "./plan-lists";
import { planMusicAccess } from "./plan-music-access";
import { planProfiles } from "./plan-profiles";
import { planReservations } from "./plan-reservations";
import { planTicketedEvents } from "./plan-ticketed-events";
import { planUserProfiles } from "./plan-user-profiles";
import { planUsers } from "./plan-users";

/**
 * The old site's rows mapped onto ours (docs/decisions/045). Two steps: `planLegacyImport` reads
 * our database and decides every row (new, merged, unchanged, skipped), which is the dry run; the
 * apply writes that plan in one transaction with the run's record, the legacy-id mapping and one
 * activity-log entry. The import is a declared bulk loader (docs/decisions/063): it reads and
 * writes the other modules' tables only through their owners' bulk functions. Nothing here writes
 * the outbox: an import sends no e-mail and no text.
 */

export type { LegacyImportOptions } from "./legacy-plan";
export type LegacyImportPlan = Plan;

/** Who the activity log names for an import (run from the command line, not by a signed-in person). */
export const IMPORT_ACTOR = "npm run import:legacy";

/**
 * The dry run: one planner per old table (plan-*.ts), in the order the rows depend on each other:
 * accounts first (the sign-ups' consents name their member), the lists, the managed events before
 * the ticketed ones merged with them, the reservations on those, the invitations.
 */
export async function planLegacyImport(db: Database, snapshot: LegacySnapshot, options: LegacyImportOptions): Promise<Plan> {
  const context = startPlan(snapshot, await loadExisting(db), options);
  const people = gatherPeople(context);
  const profilesTaken = planUsers(context, people);
  planProfiles(context, people, profilesTaken);
  planCommunity(context, people);
  planList(context, "newsletter");
  planList(context, "waitlist");
  planMusicAccess(context);
  planUserProfiles(context, people);
  const calendar = await planManagedEvents(context);
  const ticketedTarget = planTicketedEvents(context, calendar);
  planReservations(context, people, calendar, ticketedTarget);
  planInvitations(context);
  return finishPlan(context, snapshot);
}

/**
 * Writes the plan in one transaction: every row (through its table's owner), the mapping, the run
 * and its activity-log entry. A failure anywhere rolls all of it back. Answers the run's id. The
 * plan's rows are emptied as they are written.
 */
export async function applyLegacyImport(db: Database, plan: Plan, options: { startedAt: Date; images: EventImageStore }): Promise<string> {
  const report: LegacyImportReport = { ...plan.report, applied: true };
  const rows = plan.rows;
  // Images are copied first, outside the transaction: files named by their content, harmless if the import rolls back.
  await publishImportedImages(options.images, rows.events.map((row) => String(row.image)));
  return db.transaction(async (tx) => {
    const runId = randomUUID();
    await tx.insert(importRuns).values({ id: runId, source: report.source, startedAt: options.startedAt, counts: report.tables, report, created: totalNew(report) });
    // Parents before children: users before accounts and profiles, events before reservations.
    await bulkInsertMembers(tx, { users: rows.users, accounts: rows.accounts, profiles: rows.profiles });
    await bulkInsertSignUps(tx, { community: rows.community, newsletter: rows.newsletter, waitlist: rows.waitlist });
    await bulkInsertMusicAccess(tx, rows.musicAccess);
    await bulkInsertUserProfiles(tx, rows.userProfiles);
    await bulkInsertEvents(tx, rows.events);
    await bulkInsertReservations(tx, rows.reservations);
    await bulkInsertInvitations(tx, rows.invitations);
    await bulkInsertConsents(tx, rows.consents);
    await setEventSeatLimits(tx, plan.eventUpdates);
    // Reservations plus the seats held by open offers; an oversold event's limit rises to what is taken.
    await recountSeatsTaken(tx, [...plan.recount]);
    await insertRowsInBulk(tx, legacyIds, plan.mappings, {
      everyRow: { importRunId: runId },
      // A legacy row already mapped (two spellings of one address in a table without ids) is kept as first mapped.
      skipConflicts: true,
    });
    await recordActivity(
      tx,
      { id: null, email: IMPORT_ACTOR },
      {
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
      },
    );
    return runId;
  });
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

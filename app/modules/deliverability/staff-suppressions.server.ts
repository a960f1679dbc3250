import { z } from "zod";
import type { Database } from "#app/lib/db.server";
import { exportList } from "#app/modules/activity/index.server";
import { recordActivity, type StaffActor } from "#app/modules/activity/index.server";
import { can, notAllowed, type Actor } from "#app/modules/access";
import { deliverabilityMessages } from "./deliverability-messages";
import { listSuppressions, unsuppress, type SuppressionListRow } from "./suppressions.server";
import { listUnmatchedReports, unmatchedReasonWords, type UnmatchedReportSummary } from "./unmatched-reports.server";
import { normaliseEmailAddress } from "#app/lib/email-address";

/** The deliverability page's list of reports not acted on, each with its reason in words. */
export type UnmatchedReportsView = Omit<UnmatchedReportSummary, "rows"> & { rows: Array<UnmatchedReportSummary["rows"][number] & { reasonWords: string }> };


const removalSchema = z.object({
  email: z.email({ message: deliverabilityMessages.addressInvalid }).max(320),
  reason: z.string().trim().min(3, deliverabilityMessages.reasonRequired).max(500, "Please keep the reason under 500 characters."),
});

export type RemoveSuppressionOutcome =
  | { ok: true; message: string }
  | { ok: false; reason: "forbidden" | "invalid" | "not-found"; message: string; fieldErrors?: Partial<Record<"email" | "reason", string>> };

/**
 * Staff take an address off the suppression list, saying why: the address's bounce events are
 * cleared (soft bounces count afresh) and the activity log records who, which address and why.
 */
export async function removeSuppression(db: Database, actor: StaffActor & Actor, input: unknown): Promise<RemoveSuppressionOutcome> {
  if (!can(actor, "manage-suppressions")) return { ok: false, reason: "forbidden", message: deliverabilityMessages.notAuthorised };
  const parsed = removalSchema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors = Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
    return { ok: false, reason: "invalid", message: parsed.error.issues[0]!.message, fieldErrors };
  }
  const email = normaliseEmailAddress(parsed.data.email);
  return db.transaction(async (tx) => {
    const removed = await unsuppress(tx, email);
    if (!removed) return { ok: false, reason: "not-found", message: deliverabilityMessages.notSuppressed(email) } as const;
    await recordActivity(tx, actor, {
      kind: "suppression.removed",
      subjectType: "suppression",
      subjectId: email,
      subjectLabel: email,
      before: { reason: removed.reason, detail: removed.detail },
      after: { why: parsed.data.reason },
    });
    return { ok: true, message: deliverabilityMessages.removed(email) } as const;
  });
}

/**
 * The deliverability page: the suppression list, and the reports heard but not acted on (forged
 * or misdirected ones, and those too large to read), newest first; only for staff who may manage it.
 */
export async function suppressionList(
  db: Database,
  actor: Actor,
  search: string,
): Promise<{ ok: true; rows: SuppressionListRow[]; unmatched: UnmatchedReportsView } | ReturnType<typeof notAllowed>> {
  if (!can(actor, "manage-suppressions")) return notAllowed(deliverabilityMessages.notAuthorised);
  const [rows, unmatched] = [await listSuppressions(db, { search, limit: 500 }), await listUnmatchedReports(db)];
  return { ok: true, rows, unmatched: { ...unmatched, rows: unmatched.rows.map((row) => ({ ...row, reasonWords: unmatchedReasonWords(row.reason) })) } };
}

/** The whole list as CSV, logged as an export. */
export function exportSuppressions(db: Database, actor: StaffActor, search: string) {
  return exportList(db, actor, {
    name: "suppressions",
    read: (tx) => listSuppressions(tx, { search, limit: 100_000 }),
    columns: [
      { header: "Address", value: (row) => row.email },
      { header: "Reason", value: (row) => row.reasonWords },
      { header: "Provider's text", value: (row) => row.detail },
      { header: "Heard from", value: (row) => row.source },
      { header: "Campaign", value: (row) => row.campaignTag ?? "" },
      { header: "When", value: (row) => row.createdAt.toISOString() },
    ],
  });
}

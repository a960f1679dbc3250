import { desc, gt, lt, sql } from "drizzle-orm";
import { unmatchedReports, type UnmatchedReport } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import { withoutControlCharacters } from "#app/modules/security";

/** How long an unmatched report stays listed. */
const KEEP_DAYS = 90;
/** What the page counts as recent. */
const RECENT_DAYS = 30;
const MAX_TEXT = 320;

export interface UnmatchedReportInput {
  eventKey: string;
  source: "mailbox" | "generic" | "postmark" | "ses";
  reason: UnmatchedReport["reason"];
  kind?: UnmatchedReport["kind"];
  sender?: string | null;
  namedRecipient?: string | null;
  sizeBytes?: number | null;
}

/** Records a report that was not acted on, once per report; true when it was new. */
export async function recordUnmatchedReport(db: Database, input: UnmatchedReportInput): Promise<boolean> {
  const inserted = await db
    .insert(unmatchedReports)
    .values({
      eventKey: input.eventKey.slice(0, 500),
      source: input.source,
      reason: input.reason,
      kind: input.kind ?? null,
      sender: cleaned(input.sender),
      namedRecipient: cleaned(input.namedRecipient),
      sizeBytes: input.sizeBytes ?? null,
    })
    .onConflictDoNothing({ target: unmatchedReports.eventKey })
    .returning({ id: unmatchedReports.id });
  return inserted.length > 0;
}

/** Forgets unmatched reports older than KEEP_DAYS, so a flood of forged reports cannot grow the table for ever. */
export async function pruneUnmatchedReports(db: Database): Promise<void> {
  await db.delete(unmatchedReports).where(lt(unmatchedReports.receivedAt, sql`now() - make_interval(days => ${KEEP_DAYS})`));
}

export interface UnmatchedReportSummary {
  /** Unmatched reports in the last RECENT_DAYS days. */
  recentCount: number;
  recentDays: number;
  /** The newest, newest first. */
  rows: UnmatchedReport[];
}

export async function listUnmatchedReports(db: Database, limit = 50): Promise<UnmatchedReportSummary> {
  const [counted] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(unmatchedReports)
    .where(gt(unmatchedReports.receivedAt, sql`now() - make_interval(days => ${RECENT_DAYS})`));
  const rows = await db.select().from(unmatchedReports).orderBy(desc(unmatchedReports.receivedAt), desc(unmatchedReports.id)).limit(limit);
  return { recentCount: counted?.count ?? 0, recentDays: RECENT_DAYS, rows };
}

/** The reason in staff's words. */
export function unmatchedReasonWords(reason: UnmatchedReport["reason"]): string {
  switch (reason) {
    case "no-matching-message":
      return "Names no message we sent";
    case "recipient-mismatch":
      return "Names another person than the message's recipient";
    case "oversized":
      return "Too large to read";
  }
}

function cleaned(text: string | null | undefined): string | null {
  if (!text) return null;
  const clean = withoutControlCharacters(text.slice(0, MAX_TEXT * 2)).slice(0, MAX_TEXT);
  return clean || null;
}

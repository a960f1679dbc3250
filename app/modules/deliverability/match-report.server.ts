import type { Database } from "#app/lib/db.server";
import { emailByProviderId, emailsByIds } from "#app/modules/messaging/index.server";
import { messageIdFromToken } from "./verp";

export interface MatchedMessage {
  outboxMessageId: string;
  recipient: string;
  campaignId: string | null;
}

/**
 * The outbox message a report is about: by our envelope address's token first (exact, whatever
 * the report says), then by the quoted Message-ID (kept as the e-mail's provider id when sent).
 */
export async function matchReport(db: Database, report: { tokens: string[]; originalMessageId: string | null }): Promise<MatchedMessage | null> {
  const ids = report.tokens.map(messageIdFromToken).filter((id): id is string => id !== null);
  if (ids.length > 0) {
    const [row] = await emailsByIds(db, ids);
    if (row) return { outboxMessageId: row.id, recipient: row.recipient, campaignId: row.campaignId };
  }
  if (report.originalMessageId) {
    const row = await emailByProviderId(db, report.originalMessageId);
    if (row) return { outboxMessageId: row.id, recipient: row.recipient, campaignId: row.campaignId };
  }
  return null;
}

/** matchReport for many reports at once: one query for all their tokens, then one per report left unmatched. */
export async function matchReports(db: Database, reports: Array<{ tokens: string[]; originalMessageId: string | null }>): Promise<Array<MatchedMessage | null>> {
  const ids = [...new Set(reports.flatMap((report) => report.tokens.map(messageIdFromToken).filter((id): id is string => id !== null)))];
  const byId = new Map<string, MatchedMessage>();
  for (let start = 0; start < ids.length; start += 1000) {
    const rows = await emailsByIds(db, ids.slice(start, start + 1000));
    for (const row of rows) byId.set(row.id, { outboxMessageId: row.id, recipient: row.recipient, campaignId: row.campaignId });
  }
  const matched: Array<MatchedMessage | null> = [];
  for (const report of reports) {
    const byToken = report.tokens.map((token) => byId.get(messageIdFromToken(token) ?? "")).find(Boolean);
    matched.push(byToken ?? (report.originalMessageId ? await matchReport(db, { tokens: [], originalMessageId: report.originalMessageId }) : null));
  }
  return matched;
}

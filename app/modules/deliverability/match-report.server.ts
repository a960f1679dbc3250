import { and, eq, inArray } from "drizzle-orm";
import { outbox } from "../../../db/schema";
import type { Database } from "~/lib/db.server";
import { messageIdFromToken } from "./verp";

export interface MatchedMessage {
  outboxMessageId: string;
  recipient: string;
}

/**
 * The outbox message a report is about: by our envelope address's token first (exact, whatever
 * the report says), then by the quoted Message-ID (kept as the e-mail's provider id when sent).
 */
export async function matchReport(db: Database, report: { tokens: string[]; originalMessageId: string | null }): Promise<MatchedMessage | null> {
  const ids = report.tokens.map(messageIdFromToken).filter((id): id is string => id !== null);
  if (ids.length > 0) {
    const [row] = await db.select({ id: outbox.id, recipient: outbox.recipient }).from(outbox).where(and(inArray(outbox.id, ids), eq(outbox.channel, "email")));
    if (row) return { outboxMessageId: row.id, recipient: row.recipient };
  }
  if (report.originalMessageId) {
    const [row] = await db
      .select({ id: outbox.id, recipient: outbox.recipient })
      .from(outbox)
      .where(and(eq(outbox.channel, "email"), eq(outbox.providerId, report.originalMessageId)))
      .limit(1);
    if (row) return { outboxMessageId: row.id, recipient: row.recipient };
  }
  return null;
}

import { and, desc, eq, ilike, inArray, isNull, or, sql } from "drizzle-orm";
import { bounceEvents, suppressions, type OutboxMessage, type Suppression } from "#db/schema";
import { preparedOnce, type Database } from "#app/lib/db.server";
import { priorityRank } from "#app/modules/messaging/index.server";
import { distinctEmailAddresses, normaliseEmailAddress } from "#app/lib/email-address";

/** How a skipped message's reason and the staff list name each reason. */
export const suppressionReasonWords: Record<Suppression["reason"], string> = {
  "hard-bounce": "hard bounce",
  "soft-bounce-limit": "repeated soft bounces",
  complaint: "complaint",
};

/**
 * The outbox sender's gate (messaging's RecipientGate): of the claimed messages, the bulk e-mails
 * (campaigns, attendee mail, invitations, reminders) to suppressed addresses, each with the
 * reason it is skipped. Transactional mail (a sign-in link, a confirmation) is always attempted.
 */
export async function suppressedBulkMessages(db: Database, messages: OutboxMessage[]): Promise<Map<string, string>> {
  const bulk = messages.filter((message) => message.channel === "email" && message.priority === priorityRank.bulk);
  const skipped = new Map<string, string>();
  if (bulk.length === 0) return skipped;
  const reasons = await suppressionReasonsOf(db, bulk.map((message) => message.recipient));
  for (const message of bulk) {
    const reason = reasons.get(normaliseEmailAddress(message.recipient));
    if (reason) skipped.set(message.id, `suppressed: ${suppressionReasonWords[reason]}`);
  }
  return skipped;
}

/** The suppressed among `emails` (normalised, docs/decisions/061), with their reasons. */
export async function suppressionReasonsOf(db: Database, emails: string[]): Promise<Map<string, Suppression["reason"]>> {
  const wanted = distinctEmailAddresses(emails);
  if (wanted.length === 0) return new Map();
  const rows = await db.select({ email: suppressions.email, reason: suppressions.reason }).from(suppressions).where(inArray(suppressions.email, wanted));
  return new Map(rows.map((row) => [row.email, row.reason]));
}

/** The suppression entry of one address, or null. */
export async function suppressionOf(db: Database, email: string): Promise<Suppression | null> {
  const [row] = await db.select().from(suppressions).where(eq(suppressions.email, normaliseEmailAddress(email)));
  return row ?? null;
}

/** Whether mail to this address hard-bounced before: the sign-in and reservation forms say so. */
export async function hasHardBounced(db: Database, email: string): Promise<boolean> {
  const [row] = await suppressionReason(db).execute({ email: normaliseEmailAddress(email) });
  return row?.reason === "hard-bounce";
}

/** Asked after every reservation and sign-in request, so built once per database. */
const suppressionReason = preparedOnce((db) =>
  db.select({ reason: suppressions.reason }).from(suppressions).where(eq(suppressions.email, sql.placeholder("email"))).prepare("suppression_reason_by_email"),
);

export interface SuppressionListRow {
  email: string;
  reason: Suppression["reason"];
  reasonWords: string;
  detail: string;
  source: string;
  campaignId: string | null;
  campaignTag: string | null;
  createdAt: Date;
}

/** The suppression list, newest first, filtered by a part of the address or the provider's text. */
export async function listSuppressions(db: Database, options: { search?: string; limit?: number } = {}): Promise<SuppressionListRow[]> {
  const search = options.search?.trim();
  const pattern = search ? `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%` : undefined;
  const rows = await db
    .select({
      email: suppressions.email,
      reason: suppressions.reason,
      detail: suppressions.detail,
      source: suppressions.source,
      campaignId: suppressions.campaignId,
      campaignTag: sql<string | null>`(select tag from campaigns where campaigns.id = ${suppressions.campaignId})`,
      createdAt: suppressions.createdAt,
    })
    .from(suppressions)
    .where(pattern ? or(ilike(suppressions.email, pattern), ilike(suppressions.detail, pattern)) : undefined)
    .orderBy(desc(suppressions.createdAt), suppressions.email)
    .limit(options.limit ?? 500);
  return rows.map((row) => ({ ...row, reasonWords: suppressionReasonWords[row.reason] }));
}

/**
 * Takes the address off the list and clears its bounce events, so old soft bounces do not suppress
 * it again at the next one. Runs in the caller's transaction; answers whether it was suppressed.
 */
export async function unsuppress(tx: Database, email: string): Promise<Suppression | null> {
  const address = normaliseEmailAddress(email);
  const [removed] = await tx.delete(suppressions).where(eq(suppressions.email, address)).returning();
  await tx
    .update(bounceEvents)
    .set({ clearedAt: sql`now()` })
    .where(and(eq(bounceEvents.email, address), isNull(bounceEvents.clearedAt)));
  return removed ?? null;
}

/** Bounced (hard) and complaint counts of campaigns, by campaign id: each address counted once. */
export async function bounceCountsOf(db: Database, campaignIds: string[]): Promise<Map<string, { bounced: number; complaints: number }>> {
  const counts = new Map<string, { bounced: number; complaints: number }>();
  if (campaignIds.length === 0) return counts;
  const rows = await db
    .select({
      campaignId: bounceEvents.campaignId,
      bounced: sql<number>`count(distinct ${bounceEvents.email}) filter (where ${bounceEvents.kind} = 'hard')::int`,
      complaints: sql<number>`count(distinct ${bounceEvents.email}) filter (where ${bounceEvents.kind} = 'complaint')::int`,
    })
    .from(bounceEvents)
    .where(inArray(bounceEvents.campaignId, campaignIds))
    .groupBy(bounceEvents.campaignId);
  for (const row of rows) if (row.campaignId) counts.set(row.campaignId, { bounced: row.bounced, complaints: row.complaints });
  return counts;
}

import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { bounceEvents, suppressions, type Suppression } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import { unsubscribeAddress } from "#app/modules/consent/index.server";
import { recordConsents } from "#app/modules/consent/index.server";
import { normaliseEmailAddress } from "#app/lib/email-address";
import { campaignOfMessage } from "#app/modules/messaging/index.server";

/** Soft bounces within this many days that suppress an address (BOUNCE_SOFT_LIMIT). */
export const DEFAULT_SOFT_BOUNCE_LIMIT = 3;
const SOFT_BOUNCE_WINDOW_DAYS = 30;

/** One bounce or complaint as heard from the mailbox or a provider's webhook. */
export interface BounceEventInput {
  /** Names the report (mailbox Message-ID, provider event id, signed body's hash): the same key is recorded once. */
  eventKey: string;
  kind: "hard" | "soft" | "complaint";
  email: string;
  source: "mailbox" | "generic" | "postmark" | "ses";
  detail: string;
  /** The outbox message that bounced, when known; its campaign is looked up unless given. */
  outboxMessageId?: string | null;
  /** The message's campaign, when the caller already read it with the message (undefined: look it up). */
  campaignId?: string | null;
  occurredAt?: Date;
}

export type BounceOutcome =
  | { recorded: false }
  | { recorded: true; suppressed: Suppression["reason"] | null; unsubscribed: boolean };

/**
 * Records one event and acts on it in one transaction: a hard bounce suppresses the address; a
 * soft one is counted and the `softLimit`-th within 30 days suppresses it; a complaint
 * unsubscribes the person from campaigns (a withdrawn consent row, source `complaint`) and
 * suppresses the address. An event already recorded (same key) changes nothing.
 */
export async function recordBounceEvent(
  db: Database,
  input: BounceEventInput,
  options: { softLimit?: number } = {},
): Promise<BounceOutcome> {
  const email = normaliseEmailAddress(input.email);
  const softLimit = options.softLimit ?? DEFAULT_SOFT_BOUNCE_LIMIT;
  return db.transaction(async (tx) => {
    const campaignId = input.campaignId !== undefined ? input.campaignId : input.outboxMessageId ? await campaignOfMessage(tx, input.outboxMessageId) : null;
    const inserted = await tx
      .insert(bounceEvents)
      .values({
        eventKey: input.eventKey.slice(0, 500),
        email,
        kind: input.kind,
        source: input.source,
        detail: input.detail.slice(0, 2000),
        outboxMessageId: input.outboxMessageId ?? null,
        campaignId,
        occurredAt: input.occurredAt ?? new Date(),
      })
      .onConflictDoNothing({ target: bounceEvents.eventKey })
      .returning({ id: bounceEvents.id });
    if (inserted.length === 0) return { recorded: false };

    let reason: Suppression["reason"] | null = null;
    if (input.kind === "hard") reason = "hard-bounce";
    else if (input.kind === "complaint") reason = "complaint";
    else if ((await softBouncesSince(tx, email)) >= softLimit) reason = "soft-bounce-limit";

    if (input.kind === "complaint") {
      await unsubscribeAddress(tx, { email, source: "complaint", campaignId });
      await recordConsents(tx, { email, source: "complaint", answers: { campaigns: false } });
    }
    if (reason) await suppress(tx, { email, reason, detail: input.detail, source: input.source, campaignId, outboxMessageId: input.outboxMessageId ?? null });
    return { recorded: true, suppressed: reason, unsubscribed: input.kind === "complaint" };
  });
}

async function softBouncesSince(tx: Database, email: string): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(bounceEvents)
    .where(
      and(
        eq(bounceEvents.email, email),
        eq(bounceEvents.kind, "soft"),
        isNull(bounceEvents.clearedAt),
        gt(bounceEvents.createdAt, sql`now() - make_interval(days => ${SOFT_BOUNCE_WINDOW_DAYS})`),
      ),
    );
  return row?.count ?? 0;
}

/**
 * Adds the address to the suppression list. An address already there keeps its entry, except that
 * a hard bounce or a complaint replaces a soft-bounce one (the stronger reason is what staff see).
 */
async function suppress(tx: Database, entry: typeof suppressions.$inferInsert): Promise<void> {
  await tx
    .insert(suppressions)
    .values({ ...entry, detail: (entry.detail ?? "").slice(0, 2000) })
    .onConflictDoUpdate({
      target: suppressions.email,
      set: { reason: entry.reason, detail: entry.detail, source: entry.source, campaignId: entry.campaignId, outboxMessageId: entry.outboxMessageId, createdAt: sql`now()` },
      setWhere: sql`${suppressions.reason} = 'soft-bounce-limit' and ${entry.reason} <> 'soft-bounce-limit'`,
    });
}

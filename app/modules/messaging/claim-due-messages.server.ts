import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import { outbox, type OutboxMessage } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import { clearedContent, LEASE_SECONDS, MAX_DELIVERY_ATTEMPTS } from "./outbox.server";

/**
 * A row is due when it waits for its next attempt, or when the sender that claimed it let its
 * lease run out (it crashed or hung): then it is claimed again, with its attempt counted. A row
 * whose every attempt ended that way is not claimed an eleventh time (it may be what kills the
 * sender); `failAbandonedMessages` records it as failed.
 */
const isDue = and(
  inArray(outbox.status, ["pending", "sending"]),
  lte(outbox.nextAttemptAt, sql`now()`),
  or(isNull(outbox.lockedUntil), lt(outbox.lockedUntil, sql`now()`)),
  lt(outbox.attempts, MAX_DELIVERY_ATTEMPTS),
);

/** Fails rows whose senders stopped during each of their attempts; returns how many. */
export async function failAbandonedMessages(db: Database): Promise<number> {
  const failed = await db
    .update(outbox)
    .set({
      status: "failed",
      lockedUntil: null,
      lockedBy: null,
      lastError: "The sending process stopped during each attempt",
      ...clearedContent,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(outbox.status, "sending"),
        lt(outbox.lockedUntil, sql`now()`),
        sql`${outbox.attempts} >= ${MAX_DELIVERY_ATTEMPTS}`,
      ),
    )
    .returning({ id: outbox.id });
  return failed.length;
}

/**
 * Takes up to `limit` due messages of the given channels for `owner`, transactional before bulk,
 * oldest first. `FOR UPDATE SKIP LOCKED` lets several instances claim at once without waiting on
 * or sharing a row: each row goes to exactly one claimer until its lease expires.
 */
export async function claimDueMessages(
  db: Database,
  options: { owner: string; limit: number; channels: OutboxMessage["channel"][]; leaseSeconds?: number },
): Promise<OutboxMessage[]> {
  if (options.channels.length === 0 || options.limit <= 0) return [];
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(isDue, inArray(outbox.channel, options.channels)))
    .orderBy(asc(outbox.priority), asc(outbox.nextAttemptAt))
    .limit(options.limit)
    .for("update", { skipLocked: true });
  const claimed = await db
    .update(outbox)
    .set({
      status: "sending",
      attempts: sql`${outbox.attempts} + 1`,
      lockedUntil: sql`now() + make_interval(secs => ${options.leaseSeconds ?? LEASE_SECONDS})`,
      lockedBy: options.owner,
      updatedAt: sql`now()`,
    })
    .where(inArray(outbox.id, due))
    .returning();
  // RETURNING keeps no order; send in claim order so transactional messages leave first.
  return claimed.sort((a, b) => a.priority - b.priority || a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime());
}

/** Extends the lease of rows `owner` is still sending, so a slow send is not claimed by another sender. */
export async function renewLeases(db: Database, owner: string, ids: string[], leaseSeconds = LEASE_SECONDS): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(outbox)
    .set({ lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where(and(inArray(outbox.id, ids), eq(outbox.status, "sending"), eq(outbox.lockedBy, owner)));
}

/**
 * Seconds until the next row becomes due (a retry's back-off, a lease running out), or undefined
 * when nothing waits; the sender sleeps that long instead of polling.
 */
export async function secondsUntilNextDue(db: Database, channels: OutboxMessage["channel"][]): Promise<number | undefined> {
  if (channels.length === 0) return undefined;
  const [row] = await db
    .select({
      next: sql<Date | string | null>`min(greatest(${outbox.nextAttemptAt}, coalesce(${outbox.lockedUntil}, ${outbox.nextAttemptAt})))`,
    })
    .from(outbox)
    .where(and(inArray(outbox.status, ["pending", "sending"]), inArray(outbox.channel, channels)));
  if (!row?.next) return undefined;
  const next = new Date(row.next);
  return Math.max(0, (next.getTime() - Date.now()) / 1000);
}

/**
 * Gives back rows `owner` claimed but never began to send (a shutdown between claim and send): they
 * are due again at once for any sender, and the claim's attempt is not counted, since none was made.
 * Returns how many.
 */
export async function releaseUnsentMessages(db: Database, owner: string, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const released = await db
    .update(outbox)
    .set({
      status: "pending",
      attempts: sql`greatest(${outbox.attempts} - 1, 0)`,
      lockedUntil: null,
      lockedBy: null,
      updatedAt: sql`now()`,
    })
    .where(and(inArray(outbox.id, ids), eq(outbox.status, "sending"), eq(outbox.lockedBy, owner)))
    .returning({ id: outbox.id });
  return released.length;
}

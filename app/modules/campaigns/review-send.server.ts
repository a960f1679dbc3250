import { and, desc, eq, gt } from "drizzle-orm";
import { createHmac } from "node:crypto";
import { campaigns } from "#db/schema";
import type { Auth } from "#app/lib/auth.server";
import type { Database } from "#app/lib/db.server";
import type { StaffActor } from "#app/modules/activity/index.server";
import { issueReviewToken, judgeConfirmation, sendFingerprint, type SendIdentity } from "./review-token.server";
import { DUPLICATE_WINDOW_MINUTES, reviewMessages, type SendReview } from "./send-review";

/** A send worked out but not yet made: what the review shows and what the fingerprint covers. */
export interface PreparedSend extends Omit<SendReview, "token" | "duplicateMinutesAgo" | "changedFrom" | "notice" | "count"> {
  identity: SendIdentity;
}

export interface ReviewOptions {
  /** The key review tokens are signed with (`reviewSecret(auth)` in the running site). */
  secret: string;
  now?: Date;
}

export type ReviewDecision = { send: true; fingerprint: string } | { send: false; review: SendReview };

/**
 * Whether a send may go now: only when `token` is the token of a review of exactly this send (the
 * same message to the same people, the same duplicate warned about). Otherwise the review to show:
 * the count, who is left out, a sample, and a fresh token (docs/decisions/042).
 */
export async function checkReview(db: Database, actor: StaffActor, prepared: PreparedSend, token: string | null | undefined, options: ReviewOptions): Promise<ReviewDecision> {
  const now = options.now ?? new Date();
  const fingerprint = sendFingerprint(prepared.identity);
  const count = new Set(prepared.identity.recipients).size;
  const duplicate = await findRecentDuplicate(db, fingerprint, now);
  const claims = { actorId: actor.id, fingerprint, count, duplicateOf: duplicate?.id ?? null };
  const judged = token ? judgeConfirmation(options.secret, token, claims, now) : null;
  if (judged?.confirmed) return { send: true, fingerprint };
  const { identity: _identity, ...shown } = prepared;
  const notice = !judged ? undefined : judged.stale ? reviewMessages.stale : judged.changedFrom !== null ? reviewMessages.changed(judged.changedFrom, count) : reviewMessages.reviewAgain;
  return {
    send: false,
    review: {
      ...shown,
      count,
      token: issueReviewToken(options.secret, claims, now),
      duplicateMinutesAgo: duplicate ? Math.max(0, Math.round((now.getTime() - duplicate.createdAt.getTime()) / 60_000)) : null,
      changedFrom: judged && !judged.confirmed ? judged.changedFrom : null,
      notice,
    },
  };
}

/** The latest campaign with this fingerprint in the last `DUPLICATE_WINDOW_MINUTES` minutes. */
export async function findRecentDuplicate(db: Database, fingerprint: string, now: Date): Promise<{ id: string; createdAt: Date } | null> {
  const since = new Date(now.getTime() - DUPLICATE_WINDOW_MINUTES * 60_000);
  const [found] = await db
    .select({ id: campaigns.id, createdAt: campaigns.createdAt })
    .from(campaigns)
    .where(and(eq(campaigns.sendFingerprint, fingerprint), gt(campaigns.createdAt, since)))
    .orderBy(desc(campaigns.createdAt))
    .limit(1);
  return found ?? null;
}

/** The running site's key for review tokens: derived from the auth secret (of the request's auth service), the same on every instance. */
export async function reviewSecret(auth: Pick<Auth, "$context">): Promise<string> {
  const secret = (await auth.$context).secret;
  return createHmac("sha256", secret).update("campaigns:send-review").digest("base64url");
}

import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { REVIEW_VALID_MINUTES } from "./send-review";

/*
 * The token of a send's review (docs/decisions/042) signs the fingerprint of what was reviewed (the
 * message and who receives it), the count shown and the duplicate warned about, for one staff
 * member: a changed audience, a changed message or a new duplicate needs a new review.
 */

/** What one send is, for comparing it with a review and with earlier sends. */
export interface SendIdentity {
  channel: "email" | "sms";
  kind: string;
  tag: string;
  subject: string;
  message: string;
  /** Who receives it: addresses (lower-cased) or E.164 numbers; the order does not matter. */
  recipients: string[];
  /** What else the recipient gets with it (a campaign granting music access). */
  grants?: string[];
}

export function sendFingerprint(send: SendIdentity): string {
  const canonical = JSON.stringify([send.channel, send.kind, send.tag, send.subject.trim(), send.message.trim(), [...new Set(send.recipients)].sort(), send.grants ?? []]);
  return createHash("sha256").update(canonical).digest("base64url");
}

export interface TokenClaims {
  actorId: string;
  fingerprint: string;
  count: number;
  /** The earlier campaign the review warned about, or null. */
  duplicateOf: string | null;
}

function signature(secret: string, claims: TokenClaims, issuedAt: number): string {
  const payload = ["send-review:v1", claims.actorId, claims.fingerprint, claims.count, claims.duplicateOf ?? "-", issuedAt].join("|");
  return createHmac("sha256", secret).update(payload).digest("base64url");
}

export function issueReviewToken(secret: string, claims: TokenClaims, now: Date): string {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return `${issuedAt}.${claims.count}.${signature(secret, claims, issuedAt)}`;
}

export type Confirmation =
  | { confirmed: true }
  /** Show the review (again): `changedFrom` is the count the person saw, when it differs. */
  | { confirmed: false; changedFrom: number | null; stale: boolean };

/**
 * Whether a confirm may send: its token must sign exactly this send (fingerprint, count, duplicate
 * warned about) for this staff member, and be recent. Anything else shows the review again.
 */
export function judgeConfirmation(secret: string, token: string | null | undefined, current: TokenClaims, now: Date): Confirmation {
  const parts = (token ?? "").split(".");
  if (parts.length !== 3) return { confirmed: false, changedFrom: null, stale: false };
  const [issued, count, given] = parts as [string, string, string];
  const issuedAt = Number(issued);
  const reviewedCount = Number(count);
  if (!Number.isSafeInteger(issuedAt) || !Number.isSafeInteger(reviewedCount)) return { confirmed: false, changedFrom: null, stale: false };
  const changedFrom = reviewedCount !== current.count ? reviewedCount : null;
  const expected = Buffer.from(signature(secret, current, issuedAt));
  const received = Buffer.from(given);
  if (expected.length !== received.length || !timingSafeEqual(expected, received)) return { confirmed: false, changedFrom, stale: false };
  const ageSeconds = now.getTime() / 1000 - issuedAt;
  if (ageSeconds < -60 || ageSeconds > REVIEW_VALID_MINUTES * 60) return { confirmed: false, changedFrom: null, stale: true };
  return { confirmed: true };
}


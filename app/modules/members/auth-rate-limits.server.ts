import type { Database } from "#app/lib/db.server";
import { normaliseAddress } from "#app/modules/security";
import { consumeRateLimits, type RateLimitRule } from "#app/modules/security/index.server";
import { tooManyAttempts } from "./auth-messages";

/** The attempts that are limited, each counted per client address and per e-mail address. */
export type AuthAttempt = "sign-in" | "sign-up" | "sign-in-link" | "password-reset";

const rules: Record<AuthAttempt, { perIp: RateLimitRule; perEmail: RateLimitRule }> = {
  "sign-in": { perIp: { limit: 30, windowSeconds: 15 * 60 }, perEmail: { limit: 8, windowSeconds: 15 * 60 } },
  "sign-up": { perIp: { limit: 10, windowSeconds: 60 * 60 }, perEmail: { limit: 5, windowSeconds: 60 * 60 } },
  "sign-in-link": { perIp: { limit: 20, windowSeconds: 60 * 60 }, perEmail: { limit: 5, windowSeconds: 15 * 60 } },
  "password-reset": { perIp: { limit: 10, windowSeconds: 60 * 60 }, perEmail: { limit: 3, windowSeconds: 60 * 60 } },
};

/** Who makes an attempt, as the HTTP server saw them. */
export interface AttemptClient {
  /** The key of the client's limits (the HTTP server's clientKey: the address, or its IPv6 /64). */
  key: string;
  /** RATE_LIMIT_MULTIPLIER of the configuration. */
  rateLimitMultiplier: number;
}

/** A use case's answer to an attempt over the limit: 'Too many attempts…' and when to try again. */
export interface AttemptRefused {
  ok: false;
  reason: "rate-limited";
  error: string;
  retryAfterSeconds: number;
}

/** Counts an attempt of a client (and of an e-mail address); the refusal, or null when it may go on. */
export async function refuseOverLimit(
  db: Database,
  attempt: AuthAttempt,
  client: AttemptClient,
  email?: string,
): Promise<AttemptRefused | null> {
  const limit = await checkAuthRateLimit(db, attempt, { clientKey: client.key, email }, client.rateLimitMultiplier);
  return limit.allowed ? null : { ok: false, reason: "rate-limited", error: limit.message, retryAfterSeconds: limit.retryAfterSeconds };
}

export type AuthRateLimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number; message: string };

/**
 * Counts an attempt and says whether it may go on. Both counters are taken even when the first
 * refuses, so hammering one address also uses up the caller's allowance.
 */
export async function checkAuthRateLimit(
  db: Database,
  attempt: AuthAttempt,
  who: { clientKey: string; email?: string },
  multiplier = 1,
): Promise<AuthRateLimitResult> {
  const counters = [{ key: `${attempt}:client:${who.clientKey}`, rule: rules[attempt].perIp }];
  // Every spelling of one inbox (case, +tag, Gmail's dots) shares one allowance.
  if (who.email) counters.push({ key: `${attempt}:email:${normaliseAddress(who.email)}`, rule: rules[attempt].perEmail });
  const outcome = await consumeRateLimits(db, counters, multiplier);
  if (outcome.allowed) return outcome;
  return { allowed: false, retryAfterSeconds: outcome.retryAfterSeconds, message: tooManyAttempts(outcome.retryAfterSeconds) };
}

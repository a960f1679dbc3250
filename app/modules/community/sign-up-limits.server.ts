import type { Database } from "#app/lib/db.server";
import { normaliseAddress } from "#app/modules/security";
import { consumeRateLimits, type LimitedClient, type RateLimitRule } from "#app/modules/security/index.server";
import { tooManyAttemptsRefusal, type TooManyAttemptsRefusal } from "#app/modules/security";

export type SignUpList = "newsletter" | "waitlist" | "community";

/**
 * How often one client, and one inbox however its address is spelled, may sign up to each list
 * (docs/decisions/013): enough for a typo and a retry, too few to flood an inbox from a loop.
 */
export const signUpLimits: { perClient: RateLimitRule; perAddress: RateLimitRule } = {
  perClient: { limit: 10, windowSeconds: 60 * 60 },
  perAddress: { limit: 3, windowSeconds: 60 * 60 },
};

/** Counts a sign-up attempt to `list`; the refusal to answer with when it is over a limit, else null. */
export async function countSignUpAttempt(
  db: Database,
  list: SignUpList,
  who: { client: LimitedClient; email: string },
): Promise<TooManyAttemptsRefusal | null> {
  const limit = await consumeRateLimits(
    db,
    [
      { key: `${list}:client:${who.client.key}`, rule: signUpLimits.perClient },
      { key: `${list}:email:${normaliseAddress(who.email)}`, rule: signUpLimits.perAddress },
    ],
    who.client.rateLimitMultiplier,
  );
  return limit.allowed ? null : tooManyAttemptsRefusal(limit.retryAfterSeconds);
}

import { getDb } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { checkAuthRateLimit, type AuthAttempt } from "~/modules/members/auth-rate-limits.server";

/**
 * Counts an attempt of an account page's action. Refused: the 'Too many attempts…' text and the
 * headers of a 429 answer; allowed: null.
 */
export async function rateLimitRefusal(attempt: AuthAttempt, who: { ip: string; email: string }) {
  const limit = await checkAuthRateLimit(getDb(), attempt, who, getEnv().AUTH_RATE_LIMIT_MULTIPLIER);
  if (limit.allowed) return null;
  return { message: limit.message, init: { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } } };
}

/** better-auth's Set-Cookie headers, to put on our own answer. */
export function cookieHeaders(cookies: string[]): Headers {
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return headers;
}

/**
 * The route `headers` of the account pages: a refused attempt's Retry-After reaches the browser
 * (React Router passes on an action's cookies by itself, other headers only through this).
 */
export function passRetryAfter({ actionHeaders }: { actionHeaders: Headers }): HeadersInit {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : {};
}

/**
 * What every refused attempt says (sign-in, reservations, sign-ups), with the wait rounded up to
 * whole minutes. Safe for the browser.
 */
export function tooManyAttempts(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many attempts. Please try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
}

/** A use case's answer to an attempt over its limit; the route answers 429 with Retry-After. */
export interface TooManyAttemptsRefusal {
  reason: "too-many-attempts";
  retryAfterSeconds: number;
  message: string;
}

export function tooManyAttemptsRefusal(retryAfterSeconds: number): TooManyAttemptsRefusal {
  return { reason: "too-many-attempts", retryAfterSeconds, message: tooManyAttempts(retryAfterSeconds) };
}

/** The status and Retry-After header of an attempt refused by its limit. */
export function tooManyAttempts(retryAfterSeconds: number): ResponseInit {
  return { status: 429, headers: { "Retry-After": String(retryAfterSeconds) } };
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

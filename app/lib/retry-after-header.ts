/** The status and Retry-After header of an attempt refused by its limit (pages and endpoints alike). */
export function tooManyAttemptsInit(retryAfterSeconds: number): ResponseInit & { status: 429; headers: Record<string, string> } {
  return { status: 429, headers: { "Retry-After": String(retryAfterSeconds) } };
}

/**
 * A page route's `headers`: a document request answered by the route's action (a form posted
 * without JavaScript) keeps the action's Retry-After, which React Router drops otherwise (it passes
 * on an action's cookies by itself, other headers only through this).
 */
export function passRetryAfter({ actionHeaders }: { actionHeaders: Headers }): HeadersInit {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : {};
}

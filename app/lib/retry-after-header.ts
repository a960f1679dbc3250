/**
 * A page route's `headers`: a document request answered by the route's action (a form posted
 * without JavaScript) keeps the action's Retry-After, which React Router drops otherwise.
 */
export function passRetryAfter({ actionHeaders }: { actionHeaders: Headers }): HeadersInit {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : {};
}

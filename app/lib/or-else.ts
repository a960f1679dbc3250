/**
 * What to go on with when a promise fails in a way its caller expects and can do without, with the
 * words saying why going on is right (decision 062: no silent `.catch(() => …)`). Client-safe; on
 * the server, a failure that someone should hear of goes to `logFailure` instead.
 *
 *   video.play().catch(orElse(undefined, "the browser refused autoplay; the poster stays"))
 */
export function orElse<T>(fallback: T, why: string): (error: unknown) => T {
  return function goOnWithout() {
    void why; // The reason is for the reader: a search for `orElse(` lists every failure we go on without.
    return fallback;
  };
}

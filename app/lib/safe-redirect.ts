/**
 * A path on this site to go to after signing in, from a query or form value (`next`, a
 * callbackURL). Anything that could leave the site becomes the fallback: another origin, `//host`,
 * a backslash (browsers read `/\host` as `//host`), and any control or whitespace character
 * (browsers drop a tab or newline from a URL, so `/<TAB>/host` is `//host` to them), also when
 * hidden behind percent-encoding. What is kept is the value as given, once it resolves against
 * the public address to a path of our own origin.
 */
export function safeRedirectPath(value: unknown, publicUrl: string, fallback = "/"): string {
  if (typeof value !== "string" || !value.startsWith("/") || UNSAFE_RAW.test(value)) return fallback;
  const decoded = fullyDecoded(value);
  if (decoded === undefined || UNSAFE_DECODED.test(decoded) || LEAVES_THE_PATH.test(decoded)) return fallback;
  const origin = new URL(publicUrl).origin;
  const resolved = new URL(value, origin);
  if (resolved.origin !== origin || resolved.pathname.startsWith("//")) return fallback;
  return value;
}

// Any whitespace or control character (C0, DEL, C1, and the Unicode spaces), or a backslash.
const UNSAFE_RAW = /[\s\p{Cc}\\]/u;
// Once decoded, a space may be a legitimate part of a query ("?q=a%20b"); control characters and
// backslashes never are.
const UNSAFE_DECODED = /[\p{Cc}\\]/u;
// `//host` and `/\host` (the latter already caught by the backslash) start another origin.
const LEAVES_THE_PATH = /^\/\//;

/** The value with every layer of percent-encoding removed; undefined when an escape is malformed. */
function fullyDecoded(value: string): string | undefined {
  let current = value;
  // A few layers are enough for any honest link; more is an attempt to hide something.
  for (let layer = 0; layer < 4; layer += 1) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return undefined;
    }
    if (next === current) return current;
    current = next;
  }
  return undefined;
}

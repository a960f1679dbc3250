/**
 * A path on this site to go to after signing in, from a query or form value. Anything that could
 * leave the site (another origin, `//host`, a backslash trick) becomes the fallback.
 */
export function safeRedirectPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.includes("\\")) {
    return fallback;
  }
  return value;
}

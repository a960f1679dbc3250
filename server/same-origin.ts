import type { MiddlewareHandler } from "hono";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses a write (a form post, a JSON call) that a browser sent from another site, so no page
 * elsewhere can sign someone in, out, or up on their behalf. Browsers always send `Origin` on such
 * requests; callers that send none (scripts, servers) are judged by their credentials instead.
 */
export function sameOriginWrites(publicUrl: string): MiddlewareHandler {
  const allowed = new URL(publicUrl).origin;
  return async (c, next) => {
    const origin = c.req.header("origin");
    if (SAFE_METHODS.has(c.req.method) || !origin) return next();
    if (origin === allowed || origin === new URL(c.req.url).origin) return next();
    return c.json({ error: "This request came from another site and was refused." }, 403);
  };
}

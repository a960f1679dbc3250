import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/**
 * An early refusal from the server's edge, in the form the caller reads: `{ error }` JSON for the
 * API (under /api/), a short plain text for pages and forms.
 */
export function refuse(c: Context, status: ContentfulStatusCode, message: string): Response {
  c.header("Cache-Control", "no-store");
  return c.req.path.startsWith("/api/") ? c.json({ error: message }, status) : c.text(message, status);
}

import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { withRequestId } from "#app/lib/log.server";

/** An id a proxy or load balancer may hand us: short, and nothing a log reader could trip on. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** The incoming X-Request-Id when it is a short safe token, otherwise a new one. */
export function requestIdFor(incoming: string | undefined): string {
  return incoming !== undefined && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * Gives every request an id (issue 11, 2.6): taken from X-Request-Id when a proxy sent a safe one,
 * made otherwise, carried by every log line written while the request is handled (JSON lines, with
 * LOG_FORMAT=json) and sent back as X-Request-Id, so a visitor's report or a proxy's log leads to
 * the server's lines.
 */
export function requestIds(): MiddlewareHandler {
  return async (c, next) => {
    const requestId = requestIdFor(c.req.header("x-request-id"));
    await withRequestId(requestId, next);
    try {
      c.res.headers.set("X-Request-Id", requestId);
    } catch {
      // A response with immutable headers (Response.redirect): copy it.
      c.res = new Response(c.res.body, c.res);
      c.res.headers.set("X-Request-Id", requestId);
    }
  };
}

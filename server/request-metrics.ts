import type { MiddlewareHandler } from "hono";
import { logRequest } from "#app/lib/log.server";
import { observeRequest } from "#app/modules/operations/index.server";

/**
 * Times every request and counts it for /metrics (and, with LOG_FORMAT=json, logs it) under its
 * route pattern: the page's route as React Router matched it (set by the page handler as
 * `routePattern`), else the server's own route (`/healthz`, `/api/auth/*`). Never the raw URL.
 */
export function requestMetrics(): MiddlewareHandler<{ Variables: { routePattern?: string } }> {
  return async (c, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const durationMs = performance.now() - started;
      const handlerPath = c.req.routePath;
      const route = c.get("routePattern") ?? (handlerPath === "*" || handlerPath === "/*" ? "unmatched" : handlerPath);
      const status = c.res.status;
      observeRequest({ route, method: c.req.method, status, seconds: durationMs / 1000 });
      logRequest({ method: c.req.method, route, status, durationMs });
    }
  };
}

import { timingSafeEqual } from "node:crypto";
import type { Context } from "hono";
import { renderMetrics } from "#app/lib/metrics.server";
import type { AppEnv } from "./app-env";

/**
 * GET /metrics, Prometheus' text format. With METRICS_TOKEN set only for `Authorization: Bearer
 * <token>`; without one only from this machine (a loopback connection with no forwarding header
 * and a loopback Host: a request relayed by a proxy, whatever TRUST_PROXY says, is not local).
 */
export function metricsEndpoint(token: string | undefined) {
  const expected = token ? Buffer.from(`Bearer ${token}`) : undefined;
  return async (c: Context<AppEnv>) => {
    c.header("Cache-Control", "no-store");
    if (expected) {
      const given = Buffer.from(c.req.header("authorization") ?? "");
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        c.header("WWW-Authenticate", 'Bearer realm="metrics"');
        return c.text("The metrics need the token set in METRICS_TOKEN (Authorization: Bearer …).\n", 401);
      }
    } else if (!c.get("isLoopback")) {
      return c.text("The metrics are served to this machine only; set METRICS_TOKEN to scrape them from elsewhere.\n", 403);
    }
    const { contentType, body } = await renderMetrics();
    return c.body(body, 200, { "Content-Type": contentType });
  };
}

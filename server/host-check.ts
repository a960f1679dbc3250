import { isIP } from "node:net";
import type { MiddlewareHandler } from "hono";
import { refuse } from "./refusal";

/**
 * The name part of a Host header or URL host (`Example.com:3000` → `example.com`,
 * `[::1]:3000` → `::1`), lower-case and without a trailing dot. Undefined when there is none.
 */
export function hostnameOf(host: string | undefined): string | undefined {
  if (!host) return undefined;
  const trimmed = host.trim().toLowerCase();
  const name = trimmed.startsWith("[") ? trimmed.slice(1, trimmed.indexOf("]")) : trimmed.replace(/:\d*$/, "");
  return name.replace(/\.$/, "") || undefined;
}

/** Names that always mean this machine: localhost, *.localhost, 127.0.0.0/8 and ::1. */
export function isLoopbackHostname(hostname: string | undefined): boolean {
  if (!hostname) return false;
  if (hostname === "localhost" || hostname.endsWith(".localhost")) return true;
  if (isIP(hostname) === 4) return hostname.startsWith("127.");
  return hostname === "::1";
}

/** Whether a request naming `host` is meant for this site, whose public address is `publicUrl`. */
export function isOwnHost(host: string | undefined, publicUrl: string): boolean {
  const hostname = hostnameOf(host);
  return hostname === hostnameOf(new URL(publicUrl).host) || isLoopbackHostname(hostname);
}

/**
 * Answers 421 to a request that names another host. A DNS-rebinding page (its own name pointed
 * at this server) would otherwise read local-only pages and post forms that pass the origin
 * check. Ports are not compared: rebinding changes the name, and proxies differ in whether they
 * keep `:443`. The health and readiness probes are exempt because load balancers call them by internal address.
 */
export function ownHostOnly(publicUrl: string): MiddlewareHandler {
  return async (c, next) => {
    const healthProbe = (c.req.path === "/healthz" || c.req.path === "/readyz") && (c.req.method === "GET" || c.req.method === "HEAD");
    if (healthProbe || isOwnHost(c.req.header("host"), publicUrl)) return next();
    return refuse(c, 421, "This server does not answer for that host name.");
  };
}

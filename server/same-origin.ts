import type { MiddlewareHandler } from "hono";
import { hostnameOf, isLoopbackHostname } from "./host-check";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Whether a write whose `Origin` header is `origin` comes from this site. Only PUBLIC_URL's origin
 * counts: the request's own Host is the attacker's to choose (DNS rebinding), so it proves nothing.
 * One allowance for running on one's own machine: when PUBLIC_URL is itself a loopback address,
 * a loopback origin that names the very host the request went to is ours too (someone who opens
 * http://127.0.0.1:3000 while PUBLIC_URL says localhost can still post forms).
 */
export function isOwnOrigin(origin: string, options: { publicUrl: string; host: string | undefined }): boolean {
  const publicUrl = new URL(options.publicUrl);
  if (origin === publicUrl.origin) return true;
  if (!isLoopbackHostname(hostnameOf(publicUrl.host))) return false;
  const originUrl = URL.parse(origin);
  if (!originUrl || originUrl.origin !== origin) return false;
  return isLoopbackHostname(hostnameOf(originUrl.host)) && originUrl.host === options.host?.trim().toLowerCase();
}

/**
 * The one exception: RFC 8058 one-click unsubscribe, whose authority is the token in its address,
 * never a cookie, so a forged cross-site post can do nothing the token's holder could not. Mail
 * clients send it from their own origin and it must answer 200 at once (docs/decisions/024). Only
 * a POST to /unsubscribe whose body is exactly the RFC's `List-Unsubscribe=One-Click` is exempt;
 * the unsubscribe page's other posts (re-subscribe) are the page's own and keep the rule.
 */
const ONE_CLICK_PATH = "/unsubscribe";
const ONE_CLICK_BODY = "List-Unsubscribe=One-Click";

export async function isOneClickUnsubscribe(request: Request, path: string): Promise<boolean> {
  if (request.method !== "POST" || path !== ONE_CLICK_PATH) return false;
  // A clone: the page's action still reads the body. The body limit has already bounded its size.
  return (await request.clone().text()) === ONE_CLICK_BODY;
}

/**
 * The request without its Origin header, for a one-click unsubscribe: React Router refuses an action
 * whose Origin is not the page's own, which the one-click POST of a web mail client is not.
 */
export function withoutOrigin(request: Request): Request {
  if (!request.headers.has("origin")) return request;
  const headers = new Headers(request.headers);
  headers.delete("origin");
  const init: RequestInit & { duplex?: "half" } = { method: request.method, headers, body: request.body, signal: request.signal, duplex: "half" };
  return new Request(request.url, init);
}

/**
 * Refuses a write (a form post, a JSON call) that a browser sent from another site, so no page
 * elsewhere can sign someone in, out, or up on their behalf. Browsers always send `Origin` on such
 * requests; callers that send none (scripts, servers) are judged by their credentials instead.
 */
export function sameOriginWrites(publicUrl: string): MiddlewareHandler<{ Variables: { oneClickUnsubscribe?: boolean } }> {
  return async (c, next) => {
    const origin = c.req.header("origin");
    if (SAFE_METHODS.has(c.req.method) || !origin) return next();
    if (isOwnOrigin(origin, { publicUrl, host: c.req.header("host") })) return next();
    if (await isOneClickUnsubscribe(c.req.raw, c.req.path)) {
      c.set("oneClickUnsubscribe", true);
      return next();
    }
    return c.json({ error: "This request came from another site and was refused." }, 403);
  };
}

import type { Context, Hono } from "hono";
import type { AppEnv } from "./app-env";
import { authRoute, type AuthRoute } from "./auth-route-list";
import { CLIENT_IP_HEADER } from "#app/lib/auth.server";
import type { AppServices } from "./load-context";
import { checkAuthRateLimit } from "#app/modules/members/index.server";
import { logFailure } from "#app/lib/log.server";

const BASE_PATH = "/api/auth";

/**
 * better-auth over HTTP, reduced to the few routes of auth-route-list.ts; every other path or
 * method under /api/auth is a 404, so none of better-auth's other endpoints can undo a rule our
 * pages keep (see docs/decisions/012). An allowed request is counted by our limiter first (the
 * same one the pages' actions use), reaches better-auth rebuilt from the fields it may carry, and
 * better-auth learns the client's address from a header the server sets, never from the client.
 */
export function mountAuthRoutes(app: Hono<AppEnv>, services: () => Pick<AppServices, "auth" | "db" | "env">): void {
  app.all(BASE_PATH, notFound);
  app.all(`${BASE_PATH}/*`, async (c) => {
    const route = authRoute(c.req.method, c.req.path.slice(BASE_PATH.length));
    if (!route) return notFound(c);

    const input = route.method === "POST" ? parseBody(await c.req.text(), c.req.header("content-type")) : {};
    if (!input) return c.json({ error: "The request body could not be read." }, 400);
    const { auth, db, env } = services();

    if (route.attempt) {
      const email = typeof input.email === "string" ? input.email : undefined;
      const limit = await checkAuthRateLimit(db, route.attempt, { clientKey: c.get("clientKey"), email }, env.RATE_LIMIT_MULTIPLIER);
      if (!limit.allowed) {
        c.header("Retry-After", String(limit.retryAfterSeconds));
        return c.json({ error: limit.message, message: limit.message, code: "TOO_MANY_REQUESTS" }, 429);
      }
    }

    try {
      const response = await auth.handler(toBetterAuthRequest(c, route, input));
      return await route.answer(withoutBearerToken(response));
    } catch (error) {
      // better-auth answers its own errors; anything else is ours, and the client gets no trace of it.
      logFailure("auth", `${route.method} ${route.path}`, error);
      return c.json({ error: "Something went wrong on our side. Please try again in a moment." }, 503);
    }
  });
}

function notFound(c: Context<AppEnv>) {
  return c.json({ error: "Not found" }, 404);
}

/** The request better-auth sees: the allowed path only, and only the fields the route lets through. */
function toBetterAuthRequest(c: Context<AppEnv>, route: AuthRoute, input: Record<string, unknown>): Request {
  const url = new URL(`${BASE_PATH}${route.path}`, c.req.url);
  const headers = new Headers(c.req.raw.headers);
  headers.set(CLIENT_IP_HEADER, c.get("clientIp"));
  headers.delete("content-length");
  if (route.method === "GET") {
    for (const [name, value] of Object.entries(route.query(new URL(c.req.url).searchParams))) url.searchParams.set(name, value);
    return new Request(url, { method: "GET", headers });
  }
  headers.set("content-type", "application/json");
  return new Request(url, { method: "POST", headers, body: JSON.stringify(route.body(input)) });
}

/** A JSON or form body as an object; null when it is neither. */
function parseBody(text: string, contentType = ""): Record<string, unknown> | null {
  if (contentType.includes("application/x-www-form-urlencoded")) return Object.fromEntries(new URLSearchParams(text));
  try {
    const parsed: unknown = JSON.parse(text || "{}");
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The bearer plugin copies a new session's token into a `set-auth-token` header for scripts to
 * read; our pages keep sessions in HttpOnly cookies, so the token never goes out readable.
 */
function withoutBearerToken(response: Response): Response {
  if (!response.headers.has("set-auth-token")) return response;
  const headers = new Headers(response.headers);
  headers.delete("set-auth-token");
  headers.delete("access-control-expose-headers");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

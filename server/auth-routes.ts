import type { Hono } from "hono";
import type { AppEnv } from "./create-app";
import { CLIENT_IP_HEADER, getAuth } from "~/lib/auth.server";
import { getSignedInUser } from "~/routes/guards.server";
import { getDb } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { authMessages } from "~/modules/members/auth-messages";
import { checkAuthRateLimit, type AuthAttempt } from "~/modules/members/auth-rate-limits.server";

/** better-auth's endpoints that cost an attempt, by path under /api/auth. */
const limitedPaths: Record<string, AuthAttempt> = {
  "/sign-in/email": "sign-in",
  "/sign-up/email": "sign-up",
  "/sign-in/magic-link": "sign-in-link",
  "/send-verification-email": "sign-in-link",
  "/request-password-reset": "password-reset",
  "/forget-password": "password-reset",
};


/**
 * Mounts better-auth under /api/auth. Requests that try a password, ask for a link or a reset are
 * counted by our limiter first (the same one the pages' actions use), and better-auth learns the
 * client's address from a header the server sets, never from one the client sent.
 */
export function mountAuthRoutes(app: Hono<AppEnv>): void {
  app.on(["GET", "POST"], "/api/auth/*", async (c) => {
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, c.get("clientIp"));
    const body = c.req.method === "POST" ? await c.req.text() : undefined;

    const path = c.req.path.slice("/api/auth".length);
    // better-auth's admin endpoints trust the stored role; the allow-list of this configuration
    // decides, so someone removed from ADMIN_EMAILS loses them at once.
    if (path.startsWith("/admin/")) {
      const user = await getSignedInUser(c.req.raw, getEnv());
      if (!user) return c.json({ error: authMessages.signInRequired }, 401);
      if (user.role !== "admin") return c.json({ error: authMessages.notAuthorised }, 403);
    }

    const attempt = limitedPaths[path];
    if (attempt && c.req.method === "POST") {
      const limit = await checkAuthRateLimit(
        getDb(),
        attempt,
        { ip: c.get("clientIp"), email: emailOf(body) },
        getEnv().AUTH_RATE_LIMIT_MULTIPLIER,
      );
      if (!limit.allowed) {
        c.header("Retry-After", String(limit.retryAfterSeconds));
        return c.json({ error: limit.message, message: limit.message, code: "TOO_MANY_REQUESTS" }, 429);
      }
    }
    return getAuth().handler(new Request(c.req.url, { method: c.req.method, headers, body }));
  });
}

function emailOf(body: string | undefined): string | undefined {
  if (!body) return undefined;
  try {
    const parsed = JSON.parse(body) as { email?: unknown };
    return typeof parsed.email === "string" ? parsed.email : undefined;
  } catch {
    return new URLSearchParams(body).get("email") ?? undefined;
  }
}

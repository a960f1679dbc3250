import { getEnv } from "#app/lib/env.server";
import { safeRedirectPath } from "#app/lib/safe-redirect";
import type { AuthAttempt } from "#app/modules/members/index.server";
import { SIGNED_IN_PATH } from "#app/modules/members";
import { EMAIL_CONFIRMED_PATH } from "#app/modules/members/index.server";

/**
 * The better-auth routes reachable over HTTP, and what each may carry. Our pages call better-auth
 * server-side (`context.auth.api.*` in their actions), which needs none of these; what remains is
 * what a browser or a script must reach directly. Anything not listed answers 404: better-auth's
 * GET magic-link verification (our /login/link page's button is the only way to use a link),
 * sign-up, password sign-in and resets (the pages' actions, with their limits and their answers
 * that never tell who has an account), session listing and the admin endpoints.
 */
export type AuthRoute = {
  path: string;
  /** The attempt our limiter counts before better-auth sees the request. */
  attempt?: AuthAttempt;
  /** The answer as the client gets it. */
  answer: (response: Response) => Response | Promise<Response>;
} & (
  | { method: "GET"; query: (given: URLSearchParams) => Record<string, string> }
  | { method: "POST"; body: (given: Record<string, unknown>) => Record<string, unknown> }
);

const routes: AuthRoute[] = [
  {
    // Asking for a sign-in link by script (the test helpers and browser tests do). Only the
    // address and a path of ours pass: the e-mail's purpose, wording and the new account's name
    // are for our server code to choose (client `metadata` once put a phishing text in our e-mail).
    method: "POST",
    path: "/sign-in/magic-link",
    attempt: "sign-in-link",
    body: (given) => ({ email: given.email, callbackURL: safeRedirectPath(given.callbackURL, getEnv().PUBLIC_URL, SIGNED_IN_PATH) }),
    answer: (response) => response,
  },
  {
    // The confirmation link of a password account, opened from the e-mail. It confirms the
    // address and never signs in (autoSignInAfterVerification is off), so a GET is harmless.
    method: "GET",
    path: "/verify-email",
    query: (given) => ({
      token: given.get("token") ?? "",
      callbackURL: safeRedirectPath(given.get("callbackURL"), getEnv().PUBLIC_URL, EMAIL_CONFIRMED_PATH),
    }),
    answer: (response) => response,
  },
  {
    // Who is signed in (cookie or bearer token), without the session's token.
    method: "GET",
    path: "/get-session",
    query: () => ({}),
    answer: withoutSessionToken,
  },
];

/** The allowed route for a method and a path under /api/auth, or undefined. */
export function authRoute(method: string, path: string): AuthRoute | undefined {
  return routes.find((route) => route.method === method && route.path === path);
}

/**
 * A session's token is a credential (it is what the cookie carries); the client already holds it
 * in its HttpOnly cookie, and a script that can read a JSON answer must never learn it.
 */
async function withoutSessionToken(response: Response): Promise<Response> {
  if (!response.headers.get("content-type")?.includes("application/json")) return response;
  const body = (await response.json()) as { session?: Record<string, unknown> } | null;
  if (body?.session) delete body.session.token;
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return new Response(JSON.stringify(body), { status: response.status, headers });
}

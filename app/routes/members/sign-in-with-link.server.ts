import { logFailure } from "#app/lib/log.server";
import type { AppLoadContext } from "react-router";
import { authHeaders } from "#app/routes/guards.server";

/**
 * Uses a sign-in link's token through better-auth (which creates the member on first use) and
 * returns the session cookies to set, or null when the token is not valid (used, expired, unknown).
 */
export async function signInWithLinkToken(
  request: Request,
  context: Pick<AppLoadContext, "auth" | "clientIp">,
  token: string,
  next: string,
): Promise<Headers | null> {
  const { clientIp } = context;
  const response = await context.auth
    .api.magicLinkVerify({
      query: { token, callbackURL: next, errorCallbackURL: "/login/link" },
      headers: authHeaders(request, clientIp),
      asResponse: true,
    })
    .catch((error: unknown) => {
      logFailure("auth", "sign-in link verification", error);
      return null;
    });
  const location = response?.headers.get("location");
  const setCookies = response?.headers.getSetCookie() ?? [];
  if (!location || setCookies.length === 0 || new URL(location, "http://x").searchParams.has("error")) return null;
  const headers = new Headers();
  for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
  return headers;
}

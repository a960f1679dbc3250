import { isAPIError } from "better-auth/api";
import type { Auth } from "#app/lib/auth.server";
import { siteConfig } from "#app/lib/site-config";
import { describeDevice } from "./user-agent";
import { logFailure } from "#app/lib/log.server";

/**
 * The signed-in member's own sessions, through better-auth, which lists and revokes only the
 * sessions of the user the request's cookie belongs to. Session tokens never leave the server:
 * pages see session ids, and a token is looked up again in the member's own list when needed.
 * `headers` are the request's (see authHeaders); `auth` is this instance's better-auth, from the
 * request's context.
 */

export interface MemberSession {
  id: string;
  device: string;
  ipAddress: string | null;
  /** Dates as the member reads them, in the venue's time zone so server and browser agree. */
  signedInAt: string;
  lastActiveAt: string;
  current: boolean;
}

export type MemberSessionList =
  | { state: "ok"; sessions: MemberSession[] }
  /** better-auth lists sessions only for a session made within the last day. */
  | { state: "needs-fresh-sign-in" }
  | { state: "failed" };

const dateFormat = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: siteConfig.venue.timeZone,
});

export async function listMemberSessions(auth: Auth, headers: Headers, currentSessionId: string): Promise<MemberSessionList> {
  try {
    const sessions = await auth.api.listSessions({ headers });
    return {
      state: "ok",
      sessions: sessions
        .map((session) => ({
          id: session.id,
          device: describeDevice(session.userAgent),
          ipAddress: session.ipAddress ?? null,
          signedInAt: dateFormat.format(new Date(session.createdAt)),
          lastActiveAt: dateFormat.format(new Date(session.updatedAt)),
          current: session.id === currentSessionId,
          sortKey: new Date(session.updatedAt).getTime(),
        }))
        // This device first, then the most recently used.
        .sort((a, b) => Number(b.current) - Number(a.current) || b.sortKey - a.sortKey)
        .map(({ sortKey: _sortKey, ...session }) => session),
    };
  } catch (error) {
    if (isAPIError(error) && error.body?.code === "SESSION_NOT_FRESH") return { state: "needs-fresh-sign-in" };
    logFailure("profile", "listing sessions", error);
    return { state: "failed" };
  }
}

/**
 * Ends one of the member's other sessions. A session id that is not in the member's own list
 * (someone else's, or already ended) is "not-found"; this device signs out through /logout.
 */
export async function signOutOtherSession(
  auth: Auth,
  headers: Headers,
  sessionId: string,
  currentSessionId: string,
): Promise<"revoked" | "not-found"> {
  if (sessionId === currentSessionId) return "not-found";
  const own = await auth.api.listSessions({ headers });
  const target = own.find((session) => session.id === sessionId);
  if (!target) return "not-found";
  await auth.api.revokeSession({ headers, body: { token: target.token } });
  return "revoked";
}

/** Ends every session of the member, this one included; returns the cookie-clearing headers. */
export async function signOutEverywhere(auth: Auth, headers: Headers): Promise<string[]> {
  const result = await auth.api.revokeSessions({ headers, returnHeaders: true });
  return result.headers.getSetCookie();
}

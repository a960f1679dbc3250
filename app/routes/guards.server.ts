import { data, redirect, type AppLoadContext } from "react-router";
import { CLIENT_IP_HEADER } from "#app/lib/auth.server";
import { authMessages } from "#app/modules/members";
import { can, staffHomePath, type Action } from "#app/modules/access";
import { roleForEmail, type Role } from "#app/modules/access";
import { hasControlCharacters, unusualCharactersMessage } from "#app/modules/security";
import { logFailure } from "#app/lib/log.server";

/**
 * Route helpers that answer a request: who is signed in, and the redirects and 401/403 answers
 * of members' and staff pages. They throw React Router responses, so they live with the routes.
 */

/** What the guards need of a request's context: the auth service and the role lists of the settings. */
export type GuardContext = Pick<AppLoadContext, "auth" | "env">;

export interface SignedInUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  sessionId: string;
}

/** The signed-in user of a request (session cookie or bearer token), or null. */
export async function getSignedInUser(request: Request, { auth, env }: GuardContext): Promise<SignedInUser | null> {
  const result = await auth
    .api.getSession({ headers: request.headers })
    .catch((error: unknown) => {
      logFailure("auth", "reading the session", error);
      return null;
    });
  if (!result) return null;
  return {
    id: result.user.id,
    email: result.user.email,
    name: result.user.name,
    // The configuration is the source of truth, so a removed admin loses the role at once.
    role: roleForEmail(result.user.email, { adminEmails: env.ADMIN_EMAILS, eventStaffEmails: env.EVENT_STAFF_EMAILS }),
    sessionId: result.session.id,
  };
}

// The root loader (header, badge) and a page's guard both ask for the user of one request; the
// session is read once per request, not once per loader.
const usersByRequest = new WeakMap<Request, Promise<SignedInUser | null>>();

/** The signed-in user of a request, or null for a visitor. */
export function getUser(request: Request, context: GuardContext): Promise<SignedInUser | null> {
  let user = usersByRequest.get(request);
  if (!user) {
    user = getSignedInUser(request, context);
    usersByRequest.set(request, user);
  }
  return user;
}

/** Where to come back to after signing in: the path and query of this request. */
function returnPath(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/** Members' pages: a visitor is sent to /login and brought back afterwards. */
export async function requireMember(request: Request, context: GuardContext): Promise<SignedInUser> {
  const user = await getUser(request, context);
  if (!user) throw redirect(`/login?next=${encodeURIComponent(returnPath(request))}`);
  return user;
}

export interface AccessDenied {
  message: string;
  /** Where signing in would bring the visitor back to, when signing in could help. */
  loginPath?: string;
}

/**
 * Staff pages. Signed out: 401 'Please log in to access this page.'; signed in without the role:
 * 403 'You are not authorized to view this page.' ('You do not have permission to view this page.'
 * on communications). The root error boundary shows the message.
 */
export async function requireStaffPage(request: Request, action: Action, context: GuardContext): Promise<SignedInUser> {
  const user = await getUser(request, context);
  if (!user) {
    throw data<AccessDenied>(
      { message: authMessages.signInRequired, loginPath: `/login?next=${encodeURIComponent(returnPath(request))}` },
      { status: 401 },
    );
  }
  if (!can(user, action)) {
    // The spec gives the communications page its own words for the same refusal.
    const message = action === "send-communications" ? authMessages.noPermission : authMessages.notAuthorised;
    throw data<AccessDenied>({ message }, { status: 403 });
  }
  return user;
}

/**
 * A staff page that some staff may not open (the dashboard for event staff): they go on to where
 * their own work starts instead of meeting a 403. Everyone else as `requireStaffPage`.
 */
export async function requireStaffPageOrRedirect(request: Request, action: Action, context: GuardContext): Promise<SignedInUser> {
  const user = await getUser(request, context);
  const elsewhere = user && !can(user, action) ? staffHomePath(user) : null;
  if (elsewhere) throw redirect(elsewhere);
  return requireStaffPage(request, action, context);
}

/** Staff endpoints (cookie or `Authorization: Bearer`): 401 or 403 JSON `{ error }`. */
export async function requireStaffApi(request: Request, action: Action, context: GuardContext): Promise<SignedInUser> {
  const user = await getUser(request, context);
  if (!user) throw Response.json({ error: authMessages.signInRequired }, { status: 401 });
  if (!can(user, action)) throw Response.json({ error: authMessages.notAuthorised }, { status: 403 });
  return user;
}

/**
 * Headers for a call to better-auth from a loader or action: the browser's (cookies, origin)
 * plus the client's address as the HTTP server saw it, which the client cannot forge.
 */
export function authHeaders(request: Request, clientIp: string): Headers {
  const headers = new Headers(request.headers);
  headers.set(CLIENT_IP_HEADER, clientIp);
  return headers;
}

/**
 * A text typed into a page's address (a staff list's `?q=` search): trimmed, at most `maxLength`
 * characters. One holding a control character (a NUL PostgreSQL refuses) is answered 400 with
 * the field's message before any query.
 */
export function searchParam(query: URLSearchParams, name: string, maxLength = 200): string {
  const value = (query.get(name) ?? "").trim().slice(0, maxLength);
  if (hasControlCharacters(value)) throw data({ message: unusualCharactersMessage }, { status: 400 });
  return value;
}

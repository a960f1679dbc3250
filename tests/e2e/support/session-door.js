// The browser tests' way to sign someone in without an e-mail (docs/decisions/058). Playwright
// starts the site as `node --import <this file> server/main.js` (playwright.config.ts), so this
// runs inside the site's own process, beside the production build, and never in a real
// installation: nothing of it is in app/ or server/.
//
// It listens on 127.0.0.1 only, on E2E_SESSION_DOOR_PORT (the site's port + 1), and answers
// POST /session {"email": "..."} the way a used sign-in link ends: the site's own better-auth
// instance finds the person (or makes them, as a first sign-in link does: the address lower-cased
// and confirmed, the role from the staff allow-lists by our user hook), makes a session row (our
// session hook brings the role up to date), and the answer sets the session cookie signed with the
// site's secret. The browser context that asked keeps the cookie (cookies do not depend on the
// port), so its next page is signed in: a real session that the site checks as it checks any.
// Signing in by e-mail itself keeps its own tests (tests/e2e/support/auth.ts: signInByMail).
import diagnosticsChannel from "node:diagnostics_channel";
import http from "node:http";
import { makeSignature } from "better-auth/crypto";

const port = Number(process.env.E2E_SESSION_DOOR_PORT);
if (!Number.isInteger(port) || port <= 0) throw new Error("E2E_SESSION_DOOR_PORT must name the session door's port");

/**
 * The auth instance of the started runtime, which the composition root publishes on the
 * "harmonia:runtime-started" channel (server/runtime.ts: RUNTIME_STARTED_CHANNEL) once start-up is
 * done; this file is imported before the server's, so it is listening by then. Undefined until then.
 */
let startedAuth;
let startedRuntime;
diagnosticsChannel.subscribe("harmonia:runtime-started", ({ runtime }) => {
  startedAuth = runtime.auth;
  startedRuntime = runtime;
});
function runningAuth() {
  return startedAuth;
}

async function readJson(request) {
  let text = "";
  for await (const chunk of request) {
    text += chunk;
    if (text.length > 10_000) throw new Error("body too long");
  }
  return JSON.parse(text || "{}");
}

/** The Set-Cookie header better-auth itself would send for this session (better-call's signed cookie). */
async function sessionCookie(context, session) {
  const { name, attributes } = context.authCookies.sessionToken;
  const value = encodeURIComponent(`${session.token}.${await makeSignature(session.token, context.secret)}`);
  const maxAge = Math.floor((new Date(session.expiresAt).getTime() - Date.now()) / 1000);
  const parts = [`${name}=${value}`, `Max-Age=${maxAge}`, `Path=${attributes.path ?? "/"}`];
  if (attributes.httpOnly) parts.push("HttpOnly");
  if (attributes.secure) parts.push("Secure");
  if (attributes.sameSite) parts.push(`SameSite=${attributes.sameSite.charAt(0).toUpperCase()}${attributes.sameSite.slice(1)}`);
  return parts.join("; ");
}

async function openSession(email, request) {
  const context = await runningAuth().$context;
  const adapter = context.internalAdapter;
  let user = (await adapter.findUserByEmail(email))?.user;
  // As magic-link/verify does for a new address: made confirmed, with no name yet.
  if (!user) user = await adapter.createUser({ email, emailVerified: true, name: "" });
  // A sign-in link would first end an unconfirmed password account's access; the tests that need
  // that sign in by e-mail, so the door refuses rather than doing something else.
  if (!user.emailVerified) return { status: 409, body: { error: `${email} has an unconfirmed account: sign in by e-mail` } };
  const session = await adapter.createSession(user.id, false, {
    ipAddress: request.socket.remoteAddress ?? "",
    userAgent: request.headers["user-agent"] ?? "",
  });
  return { status: 200, body: { userId: user.id }, cookie: await sessionCookie(context, session) };
}

/**
 * POST /ticket {"email": "..."}: what the door scanner's tests need to make a guest's real ticket
 * code (issue 38): the ticket reference of the reservation(s) made with that address and the
 * site's signing secret (signingSecret: better-auth's). The test signs the code itself with the
 * site's own ticketCode.
 */
async function ticketOf(email) {
  const { sql } = await import("drizzle-orm");
  const db = startedRuntime.database.db;
  const answer = await db.execute(sql`select ticket_ref from reservations where visitor_email = ${email} order by created_at`);
  const rows = answer.rows ?? answer;
  return { ticketRefs: rows.map((row) => row.ticket_ref), secret: (await runningAuth().$context).secret };
}

const door = http.createServer(async (request, response) => {
  const answer = (status, body, cookie) => {
    response.writeHead(status, { "Content-Type": "application/json", ...(cookie ? { "Set-Cookie": cookie } : {}) });
    response.end(JSON.stringify(body));
  };
  try {
    if (request.method !== "POST" || (request.url !== "/session" && request.url !== "/ticket")) return answer(404, { error: "POST /session or /ticket only" });
    if (!runningAuth()) return answer(503, { error: "The site has not finished starting" });
    const { email } = await readJson(request);
    if (typeof email !== "string" || !email.includes("@")) return answer(400, { error: "email is required" });
    if (request.url === "/ticket") return answer(200, await ticketOf(email.trim()));
    const opened = await openSession(email.trim(), request);
    answer(opened.status, opened.body, opened.cookie);
  } catch (error) {
    console.error("[session door]", error);
    answer(500, { error: String(error?.message ?? error) });
  }
});
door.listen(port, "127.0.0.1");
// The site's shutdown (SIGTERM) ends the process; the door must not keep it alive on its own.
door.unref();

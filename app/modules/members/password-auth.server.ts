import { isAPIError } from "better-auth/api";
import { and, eq, gt } from "drizzle-orm";
import type { Auth } from "#app/lib/auth.server";
import type { Database } from "#app/lib/db.server";
import { verification } from "#db/schema";
import { authMessages } from "./auth-messages";
import { logFailure } from "#app/lib/log.server";

/**
 * Password accounts on better-auth: sign-in, sign-up, reset. Each answers in the words of
 * authMessages and never says whether an address has an account. `headers` are the request's
 * headers with the client address (see authHeaders); `auth` is this instance's better-auth, from
 * the request's context.
 */

/** Where the confirmation link of a new account lands: the login page, which says it worked. */
export const EMAIL_CONFIRMED_PATH = "/login?verified=1";

export type AuthOutcome<Success = object> = ({ ok: true } & Success) | { ok: false; error: string };

function codeOf(error: unknown): string | undefined {
  return isAPIError(error) ? (error.body as { code?: string } | undefined)?.code : undefined;
}

/** Signs in with a password; on success, the session cookies to hand to the browser. */
export async function signInWithPassword(options: {
  email: string;
  password: string;
  headers: Headers;
  auth: Auth;
}): Promise<AuthOutcome<{ cookies: string[] }>> {
  try {
    const result = await options.auth.api.signInEmail({
      // callbackURL is where the confirmation link, sent again to an unconfirmed account, leads.
      body: { email: options.email, password: options.password, callbackURL: EMAIL_CONFIRMED_PATH },
      headers: options.headers,
      returnHeaders: true,
    });
    return { ok: true, cookies: result.headers.getSetCookie() };
  } catch (error) {
    const code = codeOf(error);
    // Only someone who knows the password learns that the address is not yet confirmed.
    if (code === "EMAIL_NOT_VERIFIED") return { ok: false, error: authMessages.emailNotVerified };
    if (code === "INVALID_EMAIL_OR_PASSWORD" || code === "INVALID_EMAIL") return { ok: false, error: authMessages.invalidCredentials };
    logFailure("auth", "password sign-in", error);
    return { ok: false, error: authMessages.loginFailed };
  }
}

/**
 * Creates a password account and e-mails the confirmation link. An address that already has an
 * account gets the same answer (better-auth answers it generically while confirmation is required).
 */
export async function signUpWithPassword(options: {
  name: string;
  email: string;
  password: string;
  headers: Headers;
  auth: Auth;
}): Promise<AuthOutcome> {
  try {
    await options.auth.api.signUpEmail({
      body: { name: options.name, email: options.email, password: options.password, callbackURL: EMAIL_CONFIRMED_PATH },
      headers: options.headers,
    });
    return { ok: true };
  } catch (error) {
    logFailure("auth", "sign-up", error);
    return { ok: false, error: authMessages.signUpFailed };
  }
}

/**
 * E-mails a reset link when the address has a password account. Whatever happens, the caller
 * answers the same way, so a failure is only logged.
 */
export async function requestPasswordReset(options: { email: string; headers: Headers; auth: Auth }): Promise<void> {
  await options.auth
    .api.requestPasswordReset({ body: { email: options.email }, headers: options.headers })
    .catch((error: unknown) => logFailure("auth", "password reset request", error));
}

/** Sets a new password with a reset link's token; the token works once and ends every session. */
export async function resetPassword(options: { token: string; newPassword: string; headers: Headers; auth: Auth }): Promise<AuthOutcome> {
  try {
    await options.auth.api.resetPassword({ body: { token: options.token, newPassword: options.newPassword }, headers: options.headers });
    return { ok: true };
  } catch (error) {
    if (codeOf(error) === "INVALID_TOKEN") return { ok: false, error: authMessages.resetLinkInvalid };
    if (isAPIError(error) && error.message) return { ok: false, error: error.message };
    logFailure("auth", "password reset", error);
    return { ok: false, error: authMessages.passwordUpdateFailed };
  }
}

/** Whether a reset link's token can still be used: better-auth keeps it as `reset-password:<token>`. */
export async function isResetTokenUsable(db: Database, token: string): Promise<boolean> {
  if (!token) return false;
  const rows = await db
    .select({ id: verification.id })
    .from(verification)
    .where(and(eq(verification.identifier, `reset-password:${token}`), gt(verification.expiresAt, new Date())))
    .limit(1);
  return rows.length > 0;
}

import type { Database } from "#app/lib/db.server";
import { refuseOverLimit, type AttemptRefused } from "./auth-rate-limits.server";
import { signInWithPassword, type AuthOutcome } from "./password-auth.server";
import type { SignInLinkClient } from "./request-sign-in-link.server";

/**
 * Someone tries an address and a password: counted against the sign-in limits, then checked by
 * better-auth. On success, the session cookies to hand to the browser.
 */
export async function logInWithPassword(
  db: Database,
  options: { email: string; password: string; client: SignInLinkClient },
): Promise<AuthOutcome<{ cookies: string[] }> | AttemptRefused> {
  const { client } = options;
  const refused = await refuseOverLimit(db, "sign-in", client, options.email);
  if (refused) return refused;
  return signInWithPassword({ email: options.email, password: options.password, headers: client.headers, auth: client.auth });
}

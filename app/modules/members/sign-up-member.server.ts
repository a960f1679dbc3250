import type { Database } from "#app/lib/db.server";
import { refuseOverLimit, type AttemptRefused } from "./auth-rate-limits.server";
import { signUpWithPassword, type AuthOutcome } from "./password-auth.server";
import type { SignInLinkClient } from "./request-sign-in-link.server";

/**
 * Someone creates a password account: counted against the sign-up limits, then created and sent
 * the confirmation link. An address that already has an account gets the same answer.
 */
export async function signUpMember(
  db: Database,
  options: { name: string; email: string; password: string; client: SignInLinkClient },
): Promise<AuthOutcome | AttemptRefused> {
  const { client } = options;
  const refused = await refuseOverLimit(db, "sign-up", client, options.email);
  if (refused) return refused;
  return signUpWithPassword({ name: options.name, email: options.email, password: options.password, headers: client.headers, auth: client.auth });
}

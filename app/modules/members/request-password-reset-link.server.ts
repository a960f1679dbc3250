import type { Database } from "#app/lib/db.server";
import { refuseOverLimit, type AttemptRefused } from "./auth-rate-limits.server";
import { requestPasswordReset } from "./password-auth.server";
import type { SignInLinkClient } from "./request-sign-in-link.server";

/**
 * Someone asks for a password reset link: counted against the reset limits, then e-mailed when
 * the address has a password account. The answer is the same whether or not it has one.
 */
export async function requestPasswordResetLink(
  db: Database,
  options: { email: string; client: SignInLinkClient },
): Promise<{ ok: true } | AttemptRefused> {
  const { client } = options;
  const refused = await refuseOverLimit(db, "password-reset", client, options.email);
  if (refused) return refused;
  await requestPasswordReset({ email: options.email, headers: client.headers, auth: client.auth });
  return { ok: true };
}

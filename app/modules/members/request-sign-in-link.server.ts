import type { Auth, SignInLinkMetadata } from "#app/lib/auth.server";
import type { Database } from "#app/lib/db.server";
import { hasHardBounced } from "#app/modules/deliverability/index.server";
import { checkAuthRateLimit, type AttemptClient } from "./auth-rate-limits.server";
import { emailSignInLink } from "./sign-in-links.server";

/** The client of an attempt that goes on to better-auth. */
export interface SignInLinkClient extends AttemptClient {
  /** The request's headers with the client's address (see authHeaders). */
  headers: Headers;
  /** This instance's better-auth, from the request's context. */
  auth: Auth;
}

export type SignInLinkRequestResult =
  /** `hardBouncedBefore`: mail to this address hard-bounced before; the link is still sent, and the form says so. */
  | { sent: true; hardBouncedBefore?: boolean }
  | { sent: false; retryAfterSeconds: number; message: string };

/**
 * Someone asks for a sign-in link to be e-mailed to an address: counted against the sign-in-link
 * limits, then sent. The answer is the same whether or not the address has an account.
 */
export async function requestSignInLink(
  db: Database,
  options: {
    email: string;
    name?: string;
    purpose: NonNullable<SignInLinkMetadata["purpose"]>;
    next: string;
    client: SignInLinkClient;
  },
): Promise<SignInLinkRequestResult> {
  const { client } = options;
  const limit = await checkAuthRateLimit(db, "sign-in-link", { clientKey: client.key, email: options.email }, client.rateLimitMultiplier);
  if (!limit.allowed) return { sent: false, retryAfterSeconds: limit.retryAfterSeconds, message: limit.message };
  await emailSignInLink({
    email: options.email,
    name: options.name,
    purpose: options.purpose,
    next: options.next,
    headers: client.headers,
    auth: client.auth,
  });
  // Said of the address typed, whoever owns it: it tells nothing about accounts.
  return { sent: true, hardBouncedBefore: await hasHardBounced(db, options.email) };
}

import type { SignInLinkMetadata } from "~/lib/auth.server";
import type { Database } from "~/lib/db.server";
import { checkAuthRateLimit } from "./auth-rate-limits.server";
import { emailSignInLink } from "./sign-in-links.server";

export interface SignInLinkClient {
  /** The client's address as the HTTP server saw it. */
  ip: string;
  /** The request's headers with that address (see authHeaders). */
  headers: Headers;
  /** AUTH_RATE_LIMIT_MULTIPLIER of the configuration. */
  rateLimitMultiplier: number;
}

export type SignInLinkRequestResult = { sent: true } | { sent: false; retryAfterSeconds: number; message: string };

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
  const limit = await checkAuthRateLimit(db, "sign-in-link", { ip: client.ip, email: options.email }, client.rateLimitMultiplier);
  if (!limit.allowed) return { sent: false, retryAfterSeconds: limit.retryAfterSeconds, message: limit.message };
  await emailSignInLink({
    email: options.email,
    name: options.name,
    purpose: options.purpose,
    next: options.next,
    headers: client.headers,
  });
  return { sent: true };
}

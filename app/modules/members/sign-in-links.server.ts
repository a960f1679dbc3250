import { createHash } from "node:crypto";
import { randomToken } from "#app/lib/tokens.server";
import { SIGN_IN_LINK_TTL_SECONDS, type Auth, type SignInLinkMetadata } from "#app/lib/auth.server";
import type { Database } from "#app/lib/db.server";
import { SIGNED_IN_PATH } from "./landing-path";
import { verification } from "#db/schema";
import { normaliseEmailAddress } from "#app/lib/email-address";

/**
 * Sign-in links. Each one is a better-auth magic-link token, stored hashed, used once, valid for
 * 15 minutes; the link itself opens /login/link, which signs in only when its button is pressed.
 */

/** Asks better-auth to make a sign-in link and e-mail it (through the outbox) to `email`. */
export async function emailSignInLink(options: {
  email: string;
  name?: string;
  purpose?: SignInLinkMetadata["purpose"];
  /** Where the member lands after signing in, a path of this site. */
  next?: string;
  /** The request's headers with the client address (see authHeaders). */
  headers: Headers;
  /** This instance's better-auth, from the request's context. */
  auth: Auth;
}): Promise<void> {
  const metadata: SignInLinkMetadata = { purpose: options.purpose ?? "sign-in", name: options.name };
  await options.auth.api.signInMagicLink({
    body: { email: options.email, name: options.name, callbackURL: options.next ?? SIGNED_IN_PATH, metadata },
    headers: options.headers,
  });
}

/**
 * Makes a sign-in link without e-mailing it, for a caller who has already proved control of the
 * address (an invitation's rid arrived in that inbox). The token is stored exactly as better-auth's
 * magic-link plugin stores its own (`magic-link:` + SHA-256, base64url), so /login/link verifies it
 * the same way; the sign-in-link tests cover this.
 */
export async function createSignInLink(
  db: Database,
  options: { email: string; name?: string; next: string; publicUrl: string },
): Promise<string> {
  const token = randomToken(24);
  const hashed = createHash("sha256").update(token).digest("base64url");
  await db.insert(verification).values({
    identifier: `magic-link:${hashed}`,
    value: JSON.stringify({ type: "magic-link", email: normaliseEmailAddress(options.email), ...(options.name ? { name: options.name } : {}) }),
    expiresAt: new Date(Date.now() + SIGN_IN_LINK_TTL_SECONDS * 1000),
  });
  return `${options.publicUrl}/login/link?token=${encodeURIComponent(token)}&next=${encodeURIComponent(options.next)}`;
}

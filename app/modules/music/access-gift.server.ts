import type { Auth } from "#app/lib/auth.server";
import type { Database } from "#app/lib/db.server";
import { normaliseEmailAddress } from "#app/lib/email-address";
import { emailSignInLink } from "#app/modules/members/index.server";
import { grantMusicAccess } from "./grant-music-access.server";
import { hasValidSignature, signValue } from "./signatures.server";
import { signingSecret } from "./signing-secret.server";

/**
 * The friend page's promise: whoever asks there for full access and then signs in with the link
 * e-mailed to them is given the full member playlist. The link's landing page carries a gift
 * token bound to the address; it counts only for the member signed in with that very address,
 * so proving control of the mailbox is what earns the access.
 */
const PURPOSE = "music-access-gift:v1";
const TOKEN = /^[\w-]{43}$/;

export function accessGiftToken(secret: string, email: string): string {
  return signValue(secret, PURPOSE, normaliseEmailAddress(email));
}

export function isAccessGiftFor(secret: string, email: string, token: string | null | undefined): boolean {
  return typeof token === "string" && TOKEN.test(token) && hasValidSignature(secret, PURPOSE, normaliseEmailAddress(email), token);
}

/** E-mails the sign-in link whose landing page (/welcome) redeems the gift. */
export async function emailAccessGift(options: { email: string; name: string; headers: Headers; auth: Auth }): Promise<void> {
  const gift = accessGiftToken(await signingSecret(options.auth), options.email);
  await emailSignInLink({
    email: options.email,
    name: options.name,
    purpose: "friend-access",
    next: `/welcome?gift=${gift}`,
    headers: options.headers,
    auth: options.auth,
  });
}

/** Gives the signed-in member the full playlist if the token is their gift; says whether it was. */
export async function redeemAccessGift(db: Database, options: { email: string; token: string; auth: Pick<Auth, "$context"> }): Promise<boolean> {
  if (!isAccessGiftFor(await signingSecret(options.auth), options.email, options.token)) return false;
  await grantMusicAccess(db, { email: options.email, source: "friend-page" });
  return true;
}

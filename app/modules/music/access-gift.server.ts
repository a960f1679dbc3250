import { hasValidSignature, signValue } from "./signatures.server";
import { normaliseEmail } from "../members/roles";

/**
 * The friend page's promise: whoever asks there for full access and then signs in with the link
 * e-mailed to them is given the full member playlist. The link carries a gift token bound to the
 * address; it only counts for the member signed in with that very address, so proving control of
 * the mailbox is what earns the access.
 */
const PURPOSE = "music-access-gift:v1";

export function accessGiftToken(secret: string, email: string): string {
  return signValue(secret, PURPOSE, normaliseEmail(email));
}

export function isAccessGiftFor(secret: string, email: string, token: string | null | undefined): boolean {
  return typeof token === "string" && /^[\w-]{43}$/.test(token) && hasValidSignature(secret, PURPOSE, normaliseEmail(email), token);
}

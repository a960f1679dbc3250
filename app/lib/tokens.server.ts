import { createHash, randomBytes } from "node:crypto";

/**
 * The one way a token is minted: `bytes` random bytes, URL-safe (base64url, no padding). Every
 * secret link (campaign links, unsubscribes, guest links, sign-in links, invitations) takes its
 * token from here; each keeps its own length and stored hash, because links already sent must
 * keep working.
 */
export function randomToken(bytes = 24): string {
  return randomBytes(bytes).toString("base64url");
}

/** A fresh unguessable token (192 bits) and the hash stored in its place. */
export function newToken(): { token: string; hash: string } {
  const token = randomToken(24);
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

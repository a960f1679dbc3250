import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * HMAC-SHA256 signatures for the small tokens of the music module (friend pass, access gift).
 * The key is the auth secret; the purpose label makes a signature made for one use worthless for
 * any other use of that secret.
 */
export function signValue(secret: string, purpose: string, value: string): string {
  return createHmac("sha256", secret).update(`${purpose}:${value}`).digest("base64url");
}

export function hasValidSignature(secret: string, purpose: string, value: string, signature: string): boolean {
  const expected = Buffer.from(signValue(secret, purpose, value));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

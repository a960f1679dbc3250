import { createHash, randomBytes } from "node:crypto";

/** A fresh unguessable token (192 bits) and the hash stored in its place. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(24).toString("base64url");
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

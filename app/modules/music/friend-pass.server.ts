import { hasValidSignature, signValue } from "./signatures.server";

/**
 * The friend listening pass: visiting the public friend page entitles a browser to the friend
 * tier for a while, without making those files world-readable. The pass is an expiry time and an
 * HMAC of it, kept in an HttpOnly cookie sent only with audio requests. It is signed with the
 * auth secret (see signing-secret.server.ts), so every instance of a deployment accepts the
 * passes of the others.
 */
export const FRIEND_PASS_COOKIE = "harmonia.friend_pass";
export const FRIEND_PASS_TTL_SECONDS = 2 * 60 * 60;
/** The cookie goes only to the streaming route: pages never need it. */
export const FRIEND_PASS_PATH = "/media/audio";

const PURPOSE = "friend-listening-pass:v1";

export function issueFriendPass(secret: string, now = Date.now()): string {
  const expiresAt = Math.floor(now / 1000) + FRIEND_PASS_TTL_SECONDS;
  return `${expiresAt}.${signValue(secret, PURPOSE, String(expiresAt))}`;
}

export function isValidFriendPass(secret: string, pass: string | undefined, now = Date.now()): boolean {
  const match = pass ? /^(\d{1,12})\.([\w-]{43})$/.exec(pass) : null;
  if (!match) return false;
  const expiresAt = Number(match[1]);
  if (expiresAt * 1000 <= now) return false;
  return hasValidSignature(secret, PURPOSE, String(expiresAt), match[2]!);
}

/** The Set-Cookie value that hands a browser a fresh pass. */
export function friendPassCookie(pass: string, options: { secure: boolean }): string {
  const attributes = [
    `${FRIEND_PASS_COOKIE}=${pass}`,
    `Path=${FRIEND_PASS_PATH}`,
    `Max-Age=${FRIEND_PASS_TTL_SECONDS}`,
    "HttpOnly",
    "SameSite=Lax",
  ];
  if (options.secure) attributes.push("Secure");
  return attributes.join("; ");
}

/** The pass a Cookie header carries, if any. */
export function friendPassFrom(cookieHeader: string | null): string | undefined {
  for (const part of cookieHeader?.split(";") ?? []) {
    const [name, ...value] = part.trim().split("=");
    if (name === FRIEND_PASS_COOKIE) return value.join("=");
  }
  return undefined;
}

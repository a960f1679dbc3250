import { describe, expect, it } from "vitest";
import { friendPassCookie, friendPassFrom, FRIEND_PASS_TTL_SECONDS, isValidFriendPass, issueFriendPass } from "./friend-pass.server";

const secret = "a-test-secret-of-enough-length-for-hmac";

describe("the friend listening pass", () => {
  it("is valid with the secret that signed it until it expires", () => {
    const now = Date.now();
    const pass = issueFriendPass(secret, now);
    expect(isValidFriendPass(secret, pass, now)).toBe(true);
    expect(isValidFriendPass(secret, pass, now + (FRIEND_PASS_TTL_SECONDS - 5) * 1000)).toBe(true);
    expect(isValidFriendPass(secret, pass, now + (FRIEND_PASS_TTL_SECONDS + 1) * 1000)).toBe(false);
  });

  it("refuses another secret, an altered expiry and garbage", () => {
    const pass = issueFriendPass(secret);
    expect(isValidFriendPass("another-secret-of-enough-length-for-hmac", pass)).toBe(false);
    const [expiresAt, mac] = pass.split(".");
    expect(isValidFriendPass(secret, `${Number(expiresAt) + 86_400}.${mac}`)).toBe(false);
    expect(isValidFriendPass(secret, undefined)).toBe(false);
    expect(isValidFriendPass(secret, "yes")).toBe(false);
  });

  it("travels in an HttpOnly cookie sent only to the audio route", () => {
    const pass = issueFriendPass(secret);
    const cookie = friendPassCookie(pass, { secure: true });
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Path=\/media\/audio/);
    expect(cookie).toMatch(/Secure/);
    expect(friendPassFrom(`a=b; ${cookie.split(";")[0]}; c=d`)).toBe(pass);
    expect(friendPassFrom(null)).toBeUndefined();
  });
});

import { describe, expect, it } from "vitest";
import { checkFriendAccess, friendAccessMessages } from "./friend-access";

describe("the friend access form", () => {
  it("accepts a name and an e-mail, trimmed", () => {
    expect(checkFriendAccess({ name: "  Ana ", email: " ana@example.com " })).toEqual({
      ok: true,
      input: { name: "Ana", email: "ana@example.com" },
    });
  });

  it("requires both, non-blank after trimming", () => {
    expect(checkFriendAccess({ name: "   ", email: "  " })).toEqual({
      ok: false,
      fieldErrors: { name: friendAccessMessages.nameRequired, email: friendAccessMessages.emailRequired },
    });
    expect(checkFriendAccess({})).toMatchObject({ ok: false, fieldErrors: { name: friendAccessMessages.nameRequired } });
  });

  it("needs a valid e-mail address", () => {
    expect(checkFriendAccess({ name: "Ana", email: "ana@" })).toEqual({
      ok: false,
      fieldErrors: { email: friendAccessMessages.emailInvalid },
    });
  });
});

import { describe, expect, it } from "vitest";
import { fieldHoldingNul, formFieldHoldingNul, nulCharacterMessage } from "./control-characters";

const NUL = "\u0000";

describe("fieldHoldingNul", () => {
  it("names the first field of a JSON value holding a NUL, in its value or its name", () => {
    expect(fieldHoldingNul({ subject: "Hello", html: `Hi${NUL}` })).toBe("html");
    expect(fieldHoldingNul({ to: ["a@example.com", `b${NUL}@example.com`] })).toBe("to[1]");
    expect(fieldHoldingNul({ guest: { name: `Ann${NUL}` } })).toBe("guest.name");
    expect(fieldHoldingNul({ rows: [{ email: "x" }, { email: `y${NUL}` }] })).toBe("rows[1].email");
    expect(fieldHoldingNul({ [`na${NUL}me`]: "Ann" })).toBe("na me");
    expect(fieldHoldingNul(`just text${NUL}`)).toBe("the request");
  });

  it("finds nothing in input without one, line breaks, tabs and other characters included", () => {
    expect(fieldHoldingNul({ message: "One\nTwo\r\n\tThree \u2028 \u00e9", count: 3, ok: true, none: null, list: [1, "two"] })).toBeNull();
    expect(fieldHoldingNul(null)).toBeNull();
    expect(fieldHoldingNul("\\u0000 written out")).toBeNull();
  });

  it("walks a deeply nested value without recursion and names the field by its innermost keys", () => {
    let nested: unknown = [`deep${NUL}`];
    for (let depth = 0; depth < 200_000; depth += 1) nested = { inner: nested };
    expect(fieldHoldingNul(nested)).toBe("inner.inner.inner.inner.inner.inner.inner[0]");
  });
});

describe("formFieldHoldingNul", () => {
  it("names the first form field whose name or value holds a NUL", () => {
    expect(formFieldHoldingNul(new URLSearchParams({ name: "Ann", email: `ann${NUL}@example.com` }))).toBe("email");
    expect(formFieldHoldingNul([[`in${NUL}tent`, "x"]])).toBe("in tent");
    expect(formFieldHoldingNul(new URLSearchParams({ message: "a\nb" }))).toBeNull();
  });

  it("says which field, in words, without the NUL itself", () => {
    const message = nulCharacterMessage("email");
    expect(message).toContain("“email”");
    expect(message).toContain("Please remove unusual characters.");
    expect(message).toContain("NUL");
    expect(nulCharacterMessage(`x${NUL}y`)).not.toContain(NUL);
  });
});

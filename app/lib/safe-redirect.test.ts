import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect";

const publicUrl = "https://harmonia.example";

describe("safeRedirectPath", () => {
  it("keeps a path of this site with its query and fragment", () => {
    expect(safeRedirectPath("/welcome?hint=1", publicUrl)).toBe("/welcome?hint=1");
    expect(safeRedirectPath("/welcome?gift=abc&q=a%20b#top", publicUrl)).toBe("/welcome?gift=abc&q=a%20b#top");
    expect(safeRedirectPath("/", publicUrl)).toBe("/");
  });

  it("refuses anything that leaves the site", () => {
    for (const value of ["https://evil.example", "//evil.example", "/\\evil.example", "welcome", "", null, 42, undefined]) {
      expect(safeRedirectPath(value, publicUrl, "/profile")).toBe("/profile");
    }
  });

  it("refuses control and whitespace characters, which browsers drop before reading the URL", () => {
    for (const value of ["/\t/evil.example", "/\n/evil.example", "/\r/evil.example", "/ /evil.example", "/\u0000/x", "/\u007f", "/\u00a0/evil.example", "/\u2028/evil.example", "/welcome\t"]) {
      expect(safeRedirectPath(value, publicUrl)).toBe("/");
    }
  });

  it("refuses the same tricks hidden behind percent-encoding", () => {
    for (const value of ["/%09/evil.example", "/%2F/evil.example", "/%2f%2fevil.example", "/%5Cevil.example", "/%5c%5cevil.example", "/%250A/evil.example", "/%25252F/evil.example", "/%E0%A4%A"]) {
      expect(safeRedirectPath(value, publicUrl)).toBe("/");
    }
  });

  it("refuses a path that normalises to another origin's address", () => {
    expect(safeRedirectPath("/..//evil.example", publicUrl)).toBe("/");
    expect(safeRedirectPath("/./%2e%2e//evil.example", publicUrl)).toBe("/");
  });

  it("gives the caller's fallback, also an empty one", () => {
    expect(safeRedirectPath("//evil.example", publicUrl, "")).toBe("");
  });
});

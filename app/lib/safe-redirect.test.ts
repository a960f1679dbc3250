import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect";

describe("safeRedirectPath", () => {
  it("keeps a path of this site with its query", () => {
    expect(safeRedirectPath("/welcome?hint=1")).toBe("/welcome?hint=1");
  });
  it("refuses anything that leaves the site", () => {
    for (const value of ["https://evil.example", "//evil.example", "/\\evil.example", "welcome", "", null, 42]) {
      expect(safeRedirectPath(value, "/profile")).toBe("/profile");
    }
  });
});

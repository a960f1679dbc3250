import { describe, expect, it } from "vitest";
import { headerOpacity } from "./header-opacity";

describe("headerOpacity", () => {
  it("starts at 0.95 and falls 0.001 per pixel", () => {
    expect(headerOpacity(0)).toBe(0.95);
    expect(headerOpacity(100)).toBeCloseTo(0.85);
    expect(headerOpacity(300)).toBeCloseTo(0.65);
  });

  it("stops at 0.4 however far the page scrolls", () => {
    expect(headerOpacity(550)).toBeCloseTo(0.4);
    expect(headerOpacity(5000)).toBe(0.4);
  });

  it("treats overscroll above the top as the top", () => {
    expect(headerOpacity(-40)).toBe(0.95);
  });
});

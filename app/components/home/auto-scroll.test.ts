import { describe, expect, it } from "vitest";
import { autoScroll, easeInOutCubic, mayAutoScroll, scrollPositionAt, scrollTargetFor } from "./auto-scroll";

describe("the home page's auto-scroll", () => {
  it("waits 1200 ms without input and glides for 2000 ms", () => {
    expect(autoScroll).toEqual({ idleMs: 1200, durationMs: 2000 });
  });

  it("eases in and out, from 0 to 1, clamped", () => {
    expect(easeInOutCubic(0)).toBe(0);
    expect(easeInOutCubic(0.5)).toBe(0.5);
    expect(easeInOutCubic(1)).toBe(1);
    expect(easeInOutCubic(-1)).toBe(0);
    expect(easeInOutCubic(2)).toBe(1);
    expect(easeInOutCubic(0.1)).toBeLessThan(0.1);
    expect(easeInOutCubic(0.9)).toBeGreaterThan(0.9);
  });

  it("moves from the start to the target over the duration and stays there", () => {
    expect(scrollPositionAt(0, 0, 1000)).toBe(0);
    expect(scrollPositionAt(1000, 0, 1000)).toBe(500);
    expect(scrollPositionAt(2000, 0, 1000)).toBe(1000);
    expect(scrollPositionAt(5000, 0, 1000)).toBe(1000);
    expect(scrollPositionAt(500, 200, 1200, 1000)).toBe(700);
    expect(scrollPositionAt(10, 0, 1000, 0)).toBe(1000);
  });

  it("starts only without reduced motion, input, earlier scrolling or an earlier run", () => {
    const calm = { reducedMotion: false, interacted: false, scrollY: 0, done: false };
    expect(mayAutoScroll(calm)).toBe(true);
    expect(mayAutoScroll({ ...calm, reducedMotion: true })).toBe(false);
    expect(mayAutoScroll({ ...calm, interacted: true })).toBe(false);
    expect(mayAutoScroll({ ...calm, scrollY: 40 })).toBe(false);
    expect(mayAutoScroll({ ...calm, done: true })).toBe(false);
  });

  it("stops the section below the header and never beyond the page", () => {
    expect(scrollTargetFor(2000, 88, 5000)).toBe(1912);
    expect(scrollTargetFor(2000, 88, 1500)).toBe(1500);
    expect(scrollTargetFor(50, 88, 5000)).toBe(0);
  });
});

import { describe, expect, it } from "vitest";
import { isPlay } from "./plays";

describe("what counts as a play", () => {
  it("counts a play report that starts a track", () => {
    expect(isPlay({ action: "play", position: 0 })).toBe(true);
    expect(isPlay({ action: "play", position: 4.9 })).toBe(true);
  });

  it("does not count a resume, a continuation after a page change, a pause or an end", () => {
    expect(isPlay({ action: "play", position: 5 })).toBe(false);
    expect(isPlay({ action: "play", position: 93.2 })).toBe(false);
    expect(isPlay({ action: "pause", position: 0 })).toBe(false);
    expect(isPlay({ action: "ended", position: 0 })).toBe(false);
  });
});

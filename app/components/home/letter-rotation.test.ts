import { describe, expect, it } from "vitest";
import { hebrewLetters, letterRotation, nextLetterIndex, rotationAt } from "./letter-rotation";

describe("the Hebrew-letter rotation", () => {
  it("has the five letters with their meanings, in order", () => {
    expect(hebrewLetters.map((letter) => `${letter.name}: ${letter.meaning}`)).toEqual([
      "Aleph: Unity, Oneness",
      "Bet: Creation, Duality",
      "Gimel: Movement, Balance",
      "Dalet: Doorway, Humility",
      "Heh: Breath, Revelation",
    ]);
    expect(hebrewLetters.map((letter) => letter.glyph).join("")).toBe("אבגדה");
  });

  it("changes every 5000 ms with a 500 ms fade", () => {
    expect(letterRotation).toEqual({ intervalMs: 5000, fadeMs: 500 });
  });

  it("cycles back to the first letter after the fifth", () => {
    expect([0, 1, 2, 3, 4].map((index) => nextLetterIndex(index))).toEqual([1, 2, 3, 4, 0]);
  });

  it("shows the first letter, fades it out at 5 s and shows the next one 500 ms later", () => {
    expect(rotationAt(0)).toEqual({ index: 0, visible: true });
    expect(rotationAt(4999)).toEqual({ index: 0, visible: true });
    expect(rotationAt(5000)).toEqual({ index: 0, visible: false });
    expect(rotationAt(5499)).toEqual({ index: 0, visible: false });
    expect(rotationAt(5500)).toEqual({ index: 1, visible: true });
    expect(rotationAt(10_500)).toEqual({ index: 2, visible: true });
  });

  it("wraps around after the fifth letter", () => {
    expect(rotationAt(24_999)).toEqual({ index: 4, visible: true });
    expect(rotationAt(25_200)).toEqual({ index: 4, visible: false });
    expect(rotationAt(25_500)).toEqual({ index: 0, visible: true });
    expect(rotationAt(-10)).toEqual({ index: 0, visible: true });
  });
});

import { describe, expect, it } from "vitest";
import { countSmsSegments } from "./sms-segments";

describe("countSmsSegments", () => {
  it("fits 160 GSM-7 characters in one segment and splits longer texts by 153", () => {
    expect(countSmsSegments("a".repeat(160))).toEqual({ encoding: "GSM-7", units: 160, segments: 1, perSegment: 160 });
    expect(countSmsSegments("a".repeat(161))).toMatchObject({ segments: 2, perSegment: 153 });
    expect(countSmsSegments("a".repeat(306))).toMatchObject({ segments: 2 });
    expect(countSmsSegments("a".repeat(307))).toMatchObject({ segments: 3 });
  });

  it("counts the extension characters twice", () => {
    expect(countSmsSegments("€".repeat(80))).toMatchObject({ encoding: "GSM-7", units: 160, segments: 1 });
    expect(countSmsSegments("€".repeat(81))).toMatchObject({ units: 162, segments: 2 });
  });

  it("sends anything outside GSM-7 as UCS-2: 70 in one segment, 67 when split", () => {
    expect(countSmsSegments("ō".repeat(70))).toEqual({ encoding: "UCS-2", units: 70, segments: 1, perSegment: 70 });
    expect(countSmsSegments("ō".repeat(71))).toMatchObject({ segments: 2, perSegment: 67 });
    // An emoji is two UTF-16 code units.
    expect(countSmsSegments("🎹")).toMatchObject({ encoding: "UCS-2", units: 2, segments: 1 });
  });

  it("counts nothing for an empty text", () => {
    expect(countSmsSegments("")).toMatchObject({ segments: 0, units: 0 });
  });
});

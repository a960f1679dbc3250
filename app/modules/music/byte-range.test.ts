import { describe, expect, it } from "vitest";
import { parseRange } from "./byte-range";

describe("parseRange", () => {
  it("serves the whole file without a header or with one it does not understand", () => {
    expect(parseRange(null, 100)).toEqual({ kind: "whole" });
    expect(parseRange("bytes=0-1,5-9", 100)).toEqual({ kind: "whole" });
    expect(parseRange("items=0-1", 100)).toEqual({ kind: "whole" });
    expect(parseRange("bytes=-", 100)).toEqual({ kind: "whole" });
    expect(parseRange("bytes=9-3", 100)).toEqual({ kind: "whole" });
  });

  it("reads a closed range, clipping its end to the file", () => {
    expect(parseRange("bytes=0-9", 100)).toEqual({ kind: "partial", start: 0, end: 9 });
    expect(parseRange("bytes=90-500", 100)).toEqual({ kind: "partial", start: 90, end: 99 });
  });

  it("reads an open range and a suffix range", () => {
    expect(parseRange("bytes=40-", 100)).toEqual({ kind: "partial", start: 40, end: 99 });
    expect(parseRange("bytes=-10", 100)).toEqual({ kind: "partial", start: 90, end: 99 });
    expect(parseRange("bytes=-500", 100)).toEqual({ kind: "partial", start: 0, end: 99 });
  });

  it("calls a range beyond the end unsatisfiable", () => {
    expect(parseRange("bytes=100-", 100)).toEqual({ kind: "unsatisfiable" });
    expect(parseRange("bytes=-0", 100)).toEqual({ kind: "unsatisfiable" });
  });
});

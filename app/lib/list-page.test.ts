import { describe, expect, it } from "vitest";
import { containsPattern, listPage, MAX_LIST_PAGE, offsetOf, pageNumber } from "./list-page";

describe("containsPattern", () => {
  it("wraps the search in wildcards and escapes the search's own wildcards", () => {
    expect(containsPattern("ann")).toBe("%ann%");
    expect(containsPattern("100%_off\\")).toBe("%100\\%\\_off\\\\%");
  });
});

describe("paging", () => {
  it("reads a page number, falling back to the first page", () => {
    expect(pageNumber("3")).toBe(3);
    for (const bad of ["0", "-2", "-5", "x", "abc", "", null, undefined, "Infinity", "-Infinity", "NaN", Number.NaN]) expect(pageNumber(bad), String(bad)).toBe(1);
    expect(offsetOf(2)).toBe(50);
  });

  it("rounds a fraction down and clamps a page past the last one allowed, so its offset stays a safe integer", () => {
    expect(pageNumber("1.5")).toBe(1);
    expect(pageNumber("2.9")).toBe(2);
    for (const huge of ["1e20", "9007199254740993", Number.MAX_VALUE, 2 ** 53]) {
      expect(pageNumber(huge), String(huge)).toBe(MAX_LIST_PAGE);
      expect(Number.isSafeInteger(offsetOf(huge as number))).toBe(true);
    }
  });

  it("counts pages of 50, at least one", () => {
    expect(listPage([], 0, 1).pageCount).toBe(1);
    expect(listPage([], 50, 1).pageCount).toBe(1);
    expect(listPage([], 51, 2)).toEqual({ rows: [], total: 51, page: 2, pageCount: 2 });
  });
});

import { describe, expect, it } from "vitest";
import { containsPattern, listPage, offsetOf, pageNumber } from "./list-page";

describe("containsPattern", () => {
  it("wraps the search in wildcards and escapes the search's own wildcards", () => {
    expect(containsPattern("ann")).toBe("%ann%");
    expect(containsPattern("100%_off\\")).toBe("%100\\%\\_off\\\\%");
  });
});

describe("paging", () => {
  it("reads a page number, falling back to the first page", () => {
    expect(pageNumber("3")).toBe(3);
    for (const bad of ["0", "-2", "x", "", null, undefined]) expect(pageNumber(bad)).toBe(1);
    expect(offsetOf(2)).toBe(50);
  });

  it("counts pages of 50, at least one", () => {
    expect(listPage([], 0, 1).pageCount).toBe(1);
    expect(listPage([], 50, 1).pageCount).toBe(1);
    expect(listPage([], 51, 2)).toEqual({ rows: [], total: 51, page: 2, pageCount: 2 });
  });
});

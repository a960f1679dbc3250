import { describe, expect, it } from "vitest";
import { mapsSearchUrl } from "./venue-map";

describe("mapsSearchUrl", () => {
  it("searches the place, encoded as one query parameter", () => {
    expect(mapsSearchUrl("La Jolla, San Diego")).toBe("https://www.google.com/maps/search/?api=1&query=La%20Jolla%2C%20San%20Diego");
  });

  it("keeps characters that would break the URL inside the query", () => {
    const url = new URL(mapsSearchUrl("Café & Park #2"));
    expect(url.searchParams.get("query")).toBe("Café & Park #2");
    expect(url.hash).toBe("");
  });
});

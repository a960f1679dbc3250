import { describe, expect, it } from "vitest";
import { slugForEvent } from "./event-slug";

describe("slugForEvent", () => {
  it("is the lower-cased title with hyphens plus the start time in seconds", () => {
    expect(slugForEvent("Sunset Piano at Mt. Soledad!", new Date("2026-09-14T01:00:00Z"))).toBe("sunset-piano-at-mt-soledad-1789347600");
  });
  it("drops accents and never starts or ends with a hyphen", () => {
    expect(slugForEvent("  Café Évening  ", new Date(0))).toBe("cafe-evening-0");
    expect(slugForEvent("!!!", new Date(0))).toBe("event-0");
  });
});

import { describe, expect, it } from "vitest";
import { activityKindLabel, changedFields } from "./activity-kinds";

describe("changedFields", () => {
  it("keeps only the fields an edit changed, before and after", () => {
    expect(changedFields({ title: "A", seats: 5, featured: false }, { title: "B", seats: 5, featured: false })).toEqual({
      before: { title: "A" },
      after: { title: "B" },
    });
  });

  it("compares dates and arrays by content", () => {
    const at = () => new Date("2026-05-01T18:30:00Z");
    expect(changedFields({ at: at(), tags: ["a"] }, { at: at(), tags: ["a"] })).toBeNull();
  });

  it("treats a missing field as null", () => {
    expect(changedFields({ location: null }, {})).toBeNull();
    expect(changedFields({}, { location: "La Jolla" })).toEqual({ before: { location: null }, after: { location: "La Jolla" } });
  });
});

describe("activityKindLabel", () => {
  it("names known kinds and shows unknown ones as they are", () => {
    expect(activityKindLabel("event.created")).toBe("Created event");
    expect(activityKindLabel("something.else")).toBe("something.else");
  });
});

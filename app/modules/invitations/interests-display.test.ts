import { describe, expect, it } from "vitest";
import { invitationInterests } from "./invitation-messages";
import { displayInterests } from "./interests-display";

describe("displayInterests (the invitation status list's rule)", () => {
  it("shows the first 2 followed by '...' when there are more", () => {
    expect(displayInterests(["Live piano meditation events", "Candlelight yoga and piano", "Recorded music and albums"])).toBe(
      "Live piano meditation events, Candlelight yoga and piano...",
    );
  });

  it("shows one or two interests as they are, without '...'", () => {
    expect(displayInterests(["Recorded music and albums"])).toBe("Recorded music and albums");
    expect(displayInterests(["Recorded music and albums", "Guided meditation content"])).toBe("Recorded music and albums, Guided meditation content");
  });

  it("shows 'All' for all 5 known options, in any order or letter case", () => {
    expect(displayInterests([...invitationInterests].reverse())).toBe("All");
    expect(displayInterests(invitationInterests.map((option) => option.toUpperCase()))).toBe("All");
  });

  it("shows 'All' for an all-variant, wherever it is in the list", () => {
    for (const variant of ["all", "All of the above", "Interested in all", " ALL "]) {
      expect(displayInterests(["Recorded music and albums", variant])).toBe("All");
    }
  });

  it("does not take 4 of the 5 options, or a word containing 'all', for All", () => {
    expect(displayInterests(invitationInterests.slice(0, 4))).toBe("Live piano meditation events, Candlelight yoga and piano...");
    expect(displayInterests(["Ballet"])).toBe("Ballet");
  });

  it("shows a dash when there are none", () => {
    expect(displayInterests([])).toBe("—");
    expect(displayInterests(null)).toBe("—");
    expect(displayInterests(["", "  "])).toBe("—");
  });
});

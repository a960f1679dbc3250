import { describe, expect, it } from "vitest";
import { etaSeconds, formatEta, percentDone } from "./progress";

describe("campaign progress", () => {
  it("estimates the time left from the last window's send rate", () => {
    expect(etaSeconds(600, 60, 60)).toBe(600);
    expect(etaSeconds(100, 300, 60)).toBe(20);
    expect(etaSeconds(0, 0, 60)).toBe(0);
    expect(etaSeconds(10, 0, 60)).toBeNull();
  });

  it("formats the estimate and the share done", () => {
    expect(formatEta(null)).toBe("—");
    expect(formatEta(45)).toBe("45 s");
    expect(formatEta(130)).toBe("3 min");
    expect(formatEta(4800)).toBe("1 h 20 min");
    expect(percentDone({ queued: 50, sent: 40, failed: 10 })).toBe(50);
    expect(percentDone({ queued: 0, sent: 0, failed: 0 })).toBe(100);
  });
});

import { describe, expect, it } from "vitest";
import {
  canAttempt,
  delayBeforeRetry,
  initialAutoplayState,
  reduceAutoplay,
  type AutoplayEvent,
  type AutoplayState,
} from "./video-autoplay";

const run = (events: AutoplayEvent[], from: AutoplayState = initialAutoplayState) => events.reduce(reduceAutoplay, from);
const failOnce: AutoplayEvent[] = [{ type: "attempt" }, { type: "attempt-failed" }];

describe("the video autoplay schedule", () => {
  it("waits 100, 300, 800 and 1500 ms after the first four failures, then offers the play button", () => {
    let state = initialAutoplayState;
    const waits: (number | null)[] = [];
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      state = run(failOnce, state);
      waits.push(delayBeforeRetry(state));
      expect(state.showPlayButton).toBe(attempt === 5);
    }
    expect(waits).toEqual([100, 300, 800, 1500, null]);
    expect(canAttempt(state)).toBe(false);
    expect(run([{ type: "attempt" }], state).attempts).toBe(5);
  });

  it("starts no second attempt while one is under way", () => {
    const trying = run([{ type: "attempt" }]);
    expect(canAttempt(trying)).toBe(false);
    expect(run([{ type: "attempt" }], trying).attempts).toBe(1);
  });

  it("stops once the video plays and hides the button", () => {
    const playing = run([...failOnce, { type: "offer-button" }, { type: "attempt" }, { type: "playing" }]);
    expect(playing).toMatchObject({ playing: true, showPlayButton: false, attempts: 2 });
    expect(canAttempt(playing)).toBe(false);
    expect(delayBeforeRetry(playing)).toBeNull();
  });

  it("offers the button at 3 s only if the video is still paused", () => {
    expect(run([{ type: "offer-button" }]).showPlayButton).toBe(true);
    expect(run([{ type: "attempt" }, { type: "playing" }, { type: "offer-button" }]).showPlayButton).toBe(false);
  });

  it("shows the error only after manual play failed twice", () => {
    const once = run([{ type: "offer-button" }, { type: "manual-failed" }]);
    expect(once.failed).toBe(false);
    expect(run([{ type: "manual-failed" }], once).failed).toBe(true);
  });
});

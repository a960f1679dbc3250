/**
 * The background video's autoplay schedule (members-and-staff.md §4 and §9): up to 5 attempts,
 * each failure followed by a wait of 100, 300, 800 and 1500 ms before the next; a touch, click,
 * scroll, the tab becoming visible and a 1 s timer may also start an attempt. When every attempt
 * has failed, or the video is still paused at 3 s, a play button is offered; a manual play is
 * tried twice (reloading the video and waiting 500 ms in between) before the error is shown.
 * Pure: the hook that drives a <video> feeds it events and follows its answers.
 */
export const videoAutoplay = {
  retryDelaysMs: [100, 300, 800, 1500],
  maxAttempts: 5,
  retryAfterMs: 1000,
  fallbackAfterMs: 3000,
  manualRetryWaitMs: 500,
  manualTries: 2,
} as const;

export const videoPlayFailedMessage =
  "Unable to play video. Please try refreshing the page or check your network connection.";

export interface AutoplayState {
  /** Automatic attempts started so far. */
  attempts: number;
  /** An automatic attempt is under way. */
  trying: boolean;
  playing: boolean;
  showPlayButton: boolean;
  manualFailures: number;
  /** Manual play failed every time: show videoPlayFailedMessage. */
  failed: boolean;
}

export type AutoplayEvent =
  | { type: "attempt" }
  | { type: "attempt-failed" }
  | { type: "playing" }
  | { type: "paused" }
  /** 3 s have passed, or the visitor prefers reduced motion: offer the button if not playing. */
  | { type: "offer-button" }
  | { type: "manual-failed" };

export const initialAutoplayState: AutoplayState = {
  attempts: 0,
  trying: false,
  playing: false,
  showPlayButton: false,
  manualFailures: 0,
  failed: false,
};

export function reduceAutoplay(state: AutoplayState, event: AutoplayEvent): AutoplayState {
  switch (event.type) {
    case "attempt":
      return canAttempt(state) ? { ...state, attempts: state.attempts + 1, trying: true } : state;
    case "attempt-failed": {
      const exhausted = state.attempts >= videoAutoplay.maxAttempts;
      return { ...state, trying: false, showPlayButton: state.showPlayButton || exhausted };
    }
    case "playing":
      return { ...state, trying: false, playing: true, showPlayButton: false, failed: false };
    case "paused":
      return { ...state, playing: false };
    case "offer-button":
      return state.playing ? state : { ...state, showPlayButton: true };
    case "manual-failed": {
      const manualFailures = state.manualFailures + 1;
      return { ...state, manualFailures, failed: manualFailures >= videoAutoplay.manualTries };
    }
  }
}

/** Whether a trigger may start an automatic attempt now. */
export function canAttempt(state: AutoplayState): boolean {
  return !state.playing && !state.trying && state.attempts < videoAutoplay.maxAttempts;
}

/** How long to wait after a failed attempt before the next one; null when none is left. */
export function delayBeforeRetry(state: AutoplayState): number | null {
  if (state.playing || state.attempts >= videoAutoplay.maxAttempts) return null;
  return videoAutoplay.retryDelaysMs[state.attempts - 1] ?? null;
}

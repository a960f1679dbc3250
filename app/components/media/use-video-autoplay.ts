import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import {
  delayBeforeRetry,
  initialAutoplayState,
  reduceAutoplay,
  videoAutoplay,
  type AutoplayEvent,
  type AutoplayState,
} from "./video-autoplay";

const wait = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));

/**
 * Drives a muted background <video> through the autoplay schedule of video-autoplay.ts. Under
 * reduced motion nothing starts by itself; the play button is offered at once instead.
 */
export function useVideoAutoplay(videoRef: RefObject<HTMLVideoElement | null>) {
  const state = useRef<AutoplayState>(initialAutoplayState);
  const [view, setView] = useState({ showPlayButton: false, failed: false });

  const apply = useCallback((event: AutoplayEvent) => {
    state.current = reduceAutoplay(state.current, event);
    const { showPlayButton, failed } = state.current;
    setView((previous) =>
      previous.showPlayButton === showPlayButton && previous.failed === failed ? previous : { showPlayButton, failed },
    );
  }, []);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const timers = new Set<number>();
    const later = (ms: number, run: () => void) => {
      const timer = window.setTimeout(() => {
        timers.delete(timer);
        run();
      }, ms);
      timers.add(timer);
    };
    const attempt = () => {
      const before = state.current.attempts;
      apply({ type: "attempt" });
      if (state.current.attempts === before) return;
      video.play().catch(() => {
        apply({ type: "attempt-failed" });
        const delay = delayBeforeRetry(state.current);
        if (delay !== null) later(delay, attempt);
      });
    };
    const onVisible = () => {
      if (document.visibilityState === "visible") attempt();
    };
    const onPlaying = () => apply({ type: "playing" });
    const onPause = () => apply({ type: "paused" });
    video.addEventListener("playing", onPlaying);
    video.addEventListener("pause", onPause);

    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) {
      apply({ type: "offer-button" });
    } else {
      const triggers = ["touchstart", "click", "scroll"] as const;
      for (const trigger of triggers) window.addEventListener(trigger, attempt, { passive: true });
      document.addEventListener("visibilitychange", onVisible);
      attempt();
      later(videoAutoplay.retryAfterMs, attempt);
      later(videoAutoplay.fallbackAfterMs, () => apply({ type: "offer-button" }));
      return () => {
        for (const trigger of triggers) window.removeEventListener(trigger, attempt);
        document.removeEventListener("visibilitychange", onVisible);
        video.removeEventListener("playing", onPlaying);
        video.removeEventListener("pause", onPause);
        for (const timer of timers) window.clearTimeout(timer);
      };
    }
    return () => {
      video.removeEventListener("playing", onPlaying);
      video.removeEventListener("pause", onPause);
    };
  }, [videoRef, apply]);

  /** The 'Tap to play video' button: try, then reload the video, wait and try once more. */
  const playManually = useCallback(async () => {
    const video = videoRef.current;
    if (!video) return;
    for (let tried = 0; tried < videoAutoplay.manualTries; tried += 1) {
      if (tried > 0) {
        video.load();
        await wait(videoAutoplay.manualRetryWaitMs);
      }
      try {
        await video.play();
        return;
      } catch {
        apply({ type: "manual-failed" });
      }
    }
  }, [videoRef, apply]);

  return { ...view, playManually };
}

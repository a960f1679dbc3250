/**
 * The home page's one gentle scroll to the candlelight-yoga section (public-site.md sections 2
 * and 9): after `idleMs` without input it glides there over `durationMs`, once per page view.
 */
export const autoScroll = { idleMs: 1200, durationMs: 2000 } as const;

/** The inputs that count as the visitor taking over: any of them before or during the glide stops it. */
export const interactionEvents = ["pointerdown", "mousedown", "mousemove", "wheel", "keydown", "touchstart"] as const;

/** Slow start, slow finish. */
export function easeInOutCubic(progress: number): number {
  const t = Math.min(1, Math.max(0, progress));
  return t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2;
}

/** Where the page should be `elapsedMs` into the glide from `from` to `to`; exactly `to` at the end. */
export function scrollPositionAt(elapsedMs: number, from: number, to: number, durationMs: number = autoScroll.durationMs): number {
  if (durationMs <= 0 || elapsedMs >= durationMs) return to;
  return from + (to - from) * easeInOutCubic(elapsedMs / durationMs);
}

/** Whether the glide may start: never under reduced motion, after input, when already scrolled, or twice. */
export function mayAutoScroll(state: { reducedMotion: boolean; interacted: boolean; scrollY: number; done: boolean }): boolean {
  return !state.reducedMotion && !state.interacted && !state.done && state.scrollY <= 0;
}

/** The scroll position that puts `targetTop` (page coordinates) below the fixed header, within the page. */
export function scrollTargetFor(targetTop: number, offset: number, maxScroll: number): number {
  return Math.round(Math.min(Math.max(0, targetTop - offset), Math.max(0, maxScroll)));
}

import { useEffect, type RefObject } from "react";
import { autoScroll, interactionEvents, mayAutoScroll, scrollPositionAt, scrollTargetFor } from "./auto-scroll";

/**
 * Glides the page to `targetRef` once, after `autoScroll.idleMs` without input (see auto-scroll.ts).
 * Any input before or during the glide ends it for this page view; so does `enabled` being false
 * (a notice at the top the person must read first).
 */
export function useAutoScroll(targetRef: RefObject<HTMLElement | null>, enabled = true) {
  useEffect(() => {
    if (!enabled) return;
    const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    let interacted = false;
    let frame = 0;
    let timer = 0;

    const stop = () => {
      window.clearTimeout(timer);
      window.cancelAnimationFrame(frame);
      for (const type of interactionEvents) window.removeEventListener(type, onInput, true);
    };
    function onInput(event: Event) {
      // Chrome sends mousemove without movement when the page moves under a resting pointer.
      if (event instanceof MouseEvent && event.type === "mousemove" && event.movementX === 0 && event.movementY === 0) return;
      interacted = true;
      stop();
    }

    const glide = () => {
      const target = targetRef.current;
      if (!target || !mayAutoScroll({ reducedMotion, interacted, scrollY: window.scrollY, done: false })) return stop();
      const root = document.documentElement;
      const offset = Number.parseFloat(getComputedStyle(root).scrollPaddingTop) || 0;
      const from = window.scrollY;
      const to = scrollTargetFor(target.getBoundingClientRect().top + from, offset, root.scrollHeight - window.innerHeight);
      let start: number | undefined;
      let placed = from;
      const step = (now: number) => {
        // Moved by anything but the glide (a scrollbar drag, find in page): the visitor has taken over.
        if (Math.abs(window.scrollY - placed) > 2) return stop();
        start ??= now;
        const elapsed = now - start;
        window.scrollTo(0, scrollPositionAt(elapsed, from, to));
        placed = window.scrollY;
        if (elapsed < autoScroll.durationMs) frame = window.requestAnimationFrame(step);
        else stop();
      };
      frame = window.requestAnimationFrame(step);
    };

    if (!mayAutoScroll({ reducedMotion, interacted, scrollY: window.scrollY, done: false })) return;
    for (const type of interactionEvents) window.addEventListener(type, onInput, { capture: true, passive: true });
    timer = window.setTimeout(glide, autoScroll.idleMs);
    return stop;
  }, [targetRef, enabled]);
}

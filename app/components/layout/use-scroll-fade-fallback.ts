import { useEffect, type RefObject } from "react";

/**
 * The header's fade where scroll-driven animations are missing (Firefox, older Safari): the page's
 * scroll position, written once a frame as `--scroll-y` with the `data-scroll-fade` mark, and
 * app.css draws the same fade and shadow from it as its animation does elsewhere. The listener is
 * passive and the only read (scrollY) comes first in its frame, before the one write: no forced
 * layout. Reduced motion changes nothing, as in the CSS: the colour changes, nothing moves.
 */
export function useScrollFadeFallback(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = ref.current;
    if (!element || CSS.supports("animation-timeline: scroll()")) return;
    let frame = 0;
    const draw = () => {
      frame = 0;
      element.style.setProperty("--scroll-y", String(Math.round(window.scrollY)));
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(draw);
    };
    // The page may have been scrolled before this ran (before hydration): draw where it is now.
    draw();
    element.dataset.scrollFade = "";
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      cancelAnimationFrame(frame);
      delete element.dataset.scrollFade;
      element.style.removeProperty("--scroll-y");
    };
  }, [ref]);
}

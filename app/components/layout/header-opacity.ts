/** The spec's header fade: 0.95 at the top, 0.001 less per pixel scrolled, never below 0.4. */
export function headerOpacity(scrollY: number): number {
  return Math.max(0.4, Math.min(0.95, 0.95 - 0.001 * Math.max(0, scrollY)));
}

/** Past this many pixels of scroll the header's shadow grows stronger. */
export const STRONG_SHADOW_AFTER_PX = 100;

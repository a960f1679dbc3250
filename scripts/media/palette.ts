/**
 * Brand palette and small deterministic helpers shared by every media generator.
 * Nothing here reads the clock or Math.random: every output is a pure function of its seed.
 */

export const palette = {
  night: "#120d0a",
  umber: "#1f1712",
  ember: "#3a2719",
  amber: "#e8b86d",
  gold: "#c9974f",
  ivory: "#f5ecdd",
  rose: "#c98b7a",
  sage: "#8f9b82",
} as const;

export type PaletteName = keyof typeof palette;

/** Mulberry32: a tiny, fast, seedable PRNG returning floats in [0, 1). */
export function createRng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A seed derived from a string, so each artwork has a stable, distinct random stream. */
export function seedFrom(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

export function range(rng: () => number, min: number, max: number): number {
  return min + (max - min) * rng();
}

export function pick<T>(rng: () => number, items: readonly T[]): T {
  return items[Math.floor(rng() * items.length) % items.length] as T;
}

function parseHex(hex: string): [number, number, number] {
  const h = hex.replace("#", "");
  return [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16)];
}

function toHex(rgb: readonly number[]): string {
  return (
    "#" +
    rgb
      .map((v) =>
        Math.max(0, Math.min(255, Math.round(v)))
          .toString(16)
          .padStart(2, "0"),
      )
      .join("")
  );
}

/** Linear blend of two hex colours, t = 0 gives a, t = 1 gives b. */
export function mix(a: string, b: string, t: number): string {
  const ca = parseHex(a);
  const cb = parseHex(b);
  return toHex(ca.map((v, i) => v + ((cb[i] as number) - v) * t));
}

export function rgbOf(hex: string): { r: number; g: number; b: number } {
  const [r, g, b] = parseHex(hex);
  return { r, g, b };
}

/** Round a coordinate for compact SVG output. */
export function n(value: number, digits = 1): string {
  const f = 10 ** digits;
  const r = Math.round(value * f) / f;
  return Object.is(r, -0) ? "0" : String(r);
}

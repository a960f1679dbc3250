/**
 * The faded Hebrew-letter graphic over the testimonials (public-site.md sections 2 and 9): every
 * `intervalMs` the letter fades out over `fadeMs`, the next of the five takes its place and fades in.
 */
export interface HebrewLetter {
  name: string;
  glyph: string;
  meaning: string;
}

export const hebrewLetters: readonly HebrewLetter[] = [
  { name: "Aleph", glyph: "\u05D0", meaning: "Unity, Oneness" },
  { name: "Bet", glyph: "\u05D1", meaning: "Creation, Duality" },
  { name: "Gimel", glyph: "\u05D2", meaning: "Movement, Balance" },
  { name: "Dalet", glyph: "\u05D3", meaning: "Doorway, Humility" },
  { name: "Heh", glyph: "\u05D4", meaning: "Breath, Revelation" },
];

export const letterRotation = { intervalMs: 5000, fadeMs: 500 } as const;

/** The letter after `index`, back to the first after the last. */
export function nextLetterIndex(index: number, count = hebrewLetters.length): number {
  return (index + 1) % count;
}

/**
 * Which letter shows, and whether it is visible, `elapsedMs` after the rotation started: at each
 * interval the current letter fades out, then the next one is shown.
 */
export function rotationAt(
  elapsedMs: number,
  count = hebrewLetters.length,
  timing: { intervalMs: number; fadeMs: number } = letterRotation,
): { index: number; visible: boolean } {
  const changes = Math.floor(Math.max(0, elapsedMs) / timing.intervalMs);
  const intoInterval = Math.max(0, elapsedMs) - changes * timing.intervalMs;
  if (changes > 0 && intoInterval < timing.fadeMs) return { index: (changes - 1) % count, visible: false };
  return { index: changes % count, visible: true };
}

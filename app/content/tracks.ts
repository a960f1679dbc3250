/**
 * The member audio tracks, in listening order. The media generator writes
 * media/audio/<slug>.mp3 for each entry; the app reads this list to show and serve them.
 */
export interface Track {
  /** File name stem: media/audio/<slug>.mp3 */
  slug: string;
  title: string;
}

export const tracks = [
  { slug: "still-water", title: "Still Water" },
  { slug: "candle-hours", title: "Candle Hours" },
  { slug: "soledad-dusk", title: "Soledad at Dusk" },
  { slug: "slow-tide", title: "Slow Tide" },
] as const satisfies readonly Track[];

export type TrackSlug = (typeof tracks)[number]["slug"];

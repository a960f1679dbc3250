import { tracks as generatedTracks, type TrackSlug } from "#app/content/tracks";
import type { TrackTier } from "./playlists";

/**
 * The music library: the generated recordings (titles from app/content/tracks.ts) and who may
 * hear each. One public track for every visitor, one more for the friend page, the rest for
 * entitled members. Shared by the start-up seed and the tests.
 */
const tiers: Record<TrackSlug, TrackTier> = {
  "still-water": "public",
  "candle-hours": "friend",
  "soledad-dusk": "member",
  "slow-tide": "member",
};

export function buildTrack(overrides: { slug: TrackSlug; tier?: TrackTier; position?: number }) {
  const index = generatedTracks.findIndex((track) => track.slug === overrides.slug);
  return {
    title: generatedTracks[index]!.title,
    file: `${overrides.slug}.mp3`,
    tier: overrides.tier ?? tiers[overrides.slug],
    position: overrides.position ?? index,
  };
}

export function buildLibrary() {
  return generatedTracks.map((track) => buildTrack({ slug: track.slug }));
}

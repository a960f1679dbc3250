import { can } from "#app/modules/access";

/**
 * Who may hear which tracks. The library has three tiers: a public track anyone may play, friend
 * tracks for visitors of the friend page, and member tracks for members entitled to the full
 * playlist (a music_access row or a staff role). Pure, so the pages, the streaming route and the
 * tests share one rule.
 */
export const trackTiers = ["public", "friend", "member"] as const;
export type TrackTier = (typeof trackTiers)[number];

/** The widest tier a listener may hear: each tier includes the ones before it. */
export type Entitlement = TrackTier;

export interface Listener {
  /** The signed-in user's role; absent for a visitor. */
  role?: "admin" | "event-staff" | "member";
  /** The user's e-mail has a music_access row (compared case-insensitively). */
  hasMusicAccess?: boolean;
  /** The request carries a valid friend listening pass (given by the friend page). */
  hasFriendPass?: boolean;
}

export function entitlementOf(listener: Listener): Entitlement {
  const { role } = listener;
  if (role && (can({ role }, "hear-unreleased-music") || listener.hasMusicAccess)) return "member";
  if (listener.hasFriendPass) return "friend";
  return "public";
}

/** The tiers an entitlement opens, from the public one up. */
export function tiersFor(entitlement: Entitlement): TrackTier[] {
  return trackTiers.slice(0, trackTiers.indexOf(entitlement) + 1);
}

export function canHear(entitlement: Entitlement, tier: TrackTier): boolean {
  return tiersFor(entitlement).includes(tier);
}

export interface LibraryTrack {
  title: string;
  file: string;
  tier: TrackTier;
  position: number;
}

/** The tracks an entitlement may play, in listening order. */
export function playlistFor<T extends LibraryTrack>(library: readonly T[], entitlement: Entitlement): T[] {
  return library.filter((track) => canHear(entitlement, track.tier)).sort((a, b) => a.position - b.position);
}

/** Where the browser fetches a track: the protected streaming route, never a public file. */
export function trackSource(file: string): string {
  return `/media/audio/${encodeURIComponent(file)}`;
}

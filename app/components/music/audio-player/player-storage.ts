/**
 * Where the global player remembers things in the browser, and what the page as loaded needs to know
 * of them before the engine runs: a small part of the player's rules, in the chrome's file, while the
 * rest (player-state.ts) loads with the engine (decision 036).
 */
import { attributionFromQuery } from "~/modules/music/attribution";

/** One namespaced key per remembered fact (section 9's list, plus volume and mute). */
export const playerStorageKeys = {
  playback: "harmonia:player:playback",
  position: "harmonia:player:position",
  source: "harmonia:player:source",
  trackIndex: "harmonia:player:track-index",
  loopCount: "harmonia:player:loop-count",
  page: "harmonia:player:page",
  /** Set once music has played on this device (the welcome page's prompt then stays away). */
  hasMusic: "harmonia:player:has-music",
  anonymousSession: "harmonia:player:anonymous-session",
  rid: "harmonia:player:rid",
  campaign: "harmonia:player:campaign",
  hintSeen: "harmonia:player:hint-seen",
  volume: "harmonia:player:volume",
  muted: "harmonia:player:muted",
} as const;

export type PlayerStorageKey = keyof typeof playerStorageKeys;

/** The part of the Web Storage API the player uses; any call may throw (private mode, quotas). */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export function readItem(storage: StorageLike | null, key: PlayerStorageKey): string | null {
  try {
    return storage?.getItem(playerStorageKeys[key]) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(storage: StorageLike | null, key: PlayerStorageKey, value: string): void {
  try {
    storage?.setItem(playerStorageKeys[key], value);
  } catch {
    // Unavailable or full storage only costs the memory of the state, never the music.
  }
}

/** The browser's local storage, or null where reading it is refused. */
export function browserStorage(): StorageLike | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** Keeps the ?rid= and ?campaign= of the address the listener arrived with, for every later event. */
export function rememberAttribution(storage: StorageLike | null, search: string): void {
  const { rid, campaign } = attributionFromQuery(search);
  if (rid) writeItem(storage, "rid", rid);
  if (campaign) writeItem(storage, "campaign", campaign);
}

/** The multi-track hint: until the listener has used the player, or whenever the URL asks (hint=1). */
export function shouldShowHint(input: { trackCount: number; hintSeen: boolean; search: string }): boolean {
  if (input.trackCount < 2) return false;
  return !input.hintSeen || new URLSearchParams(input.search).get("hint") === "1";
}

/**
 * Whether the player's engine must run as soon as the page has loaded, rather than when the
 * listener reaches for the bar: music to resume, a remembered track other than the first (its
 * title replaces the first one's), or the multi-track hint to show.
 */
export function playerWantedAtLoad(storage: StorageLike | null, search: string, trackCount: number): boolean {
  if (readItem(storage, "playback") === "playing" || Number(readItem(storage, "trackIndex")) > 0) return true;
  return shouldShowHint({ trackCount, hintSeen: readItem(storage, "hintSeen") === "true", search });
}
/**
 * The global audio player's rules, free of React and the DOM so they are unit-tested: moving
 * through the playlist, the multi-track hint, and the state kept in local storage
 * (public-site.md sections 4 'Audio' and 9). Decision record 009 explains the choices.
 */
import { attributionFromQuery } from "#app/modules/music";

export interface PlayerTrack {
  title: string;
  src: string;
}

export const playerDefaults = {
  volume: 0.8,
  volumeStep: 0.01,
  /** While playing, the position is written this often. */
  saveEveryMs: 1000,
  /** The pause between a track's end and the next one starting. */
  autoPlayDelayMs: 200,
  /** The backup advance fires this long after the expected end, should 'ended' not come. */
  backupAdvanceGraceMs: 750,
  /** The hint hides this long after the page (or the revealed player) appears. */
  hintHideMs: 900,
} as const;

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

export interface SavedPlayback {
  playing: boolean;
  /** Seconds into the saved track. */
  position: number;
  source: string | null;
  index: number;
  loops: number;
  page: string | null;
  volume: number;
  muted: boolean;
}

function numberIn(text: string | null, min: number, max: number): number | null {
  if (text === null || text.trim() === "") return null;
  const value = Number(text);
  return Number.isFinite(value) && value >= min && value <= max ? value : null;
}

function wholeNumber(text: string | null): number | null {
  const value = numberIn(text, 0, Number.MAX_SAFE_INTEGER);
  return value !== null && Number.isInteger(value) ? value : null;
}

/** The remembered state; anything missing or malformed falls back to the defaults. */
export function readSavedPlayback(storage: StorageLike | null): SavedPlayback {
  return {
    playing: readItem(storage, "playback") === "playing",
    position: numberIn(readItem(storage, "position"), 0, 24 * 60 * 60) ?? 0,
    source: readItem(storage, "source") || null,
    index: wholeNumber(readItem(storage, "trackIndex")) ?? 0,
    loops: wholeNumber(readItem(storage, "loopCount")) ?? 0,
    page: readItem(storage, "page") || null,
    volume: numberIn(readItem(storage, "volume"), 0, 1) ?? playerDefaults.volume,
    muted: readItem(storage, "muted") === "true",
  };
}

const savedFieldKeys = {
  playing: "playback",
  position: "position",
  source: "source",
  index: "trackIndex",
  loops: "loopCount",
  page: "page",
  volume: "volume",
  muted: "muted",
} as const satisfies Record<keyof SavedPlayback, PlayerStorageKey>;

/** Writes the given fields only. */
export function savePlayback(storage: StorageLike | null, fields: Partial<SavedPlayback>): void {
  for (const [field, value] of Object.entries(fields) as [keyof SavedPlayback, SavedPlayback[keyof SavedPlayback]][]) {
    if (value === null || value === undefined) continue;
    const text =
      field === "playing" ? (value ? "playing" : "paused") : field === "position" ? (value as number).toFixed(2) : String(value);
    writeItem(storage, savedFieldKeys[field], text);
  }
}

/** What a playlist starts from after a page load. */
export interface RestoredPlayback {
  index: number;
  position: number;
  loops: number;
  playing: boolean;
}

/**
 * The saved track resumes where it was if this playlist still holds it (found by its source, so
 * a reordered playlist still finds it); otherwise the playlist starts from its first track, and
 * plays if music was playing.
 */
export function restoreFor(saved: SavedPlayback, tracks: readonly PlayerTrack[]): RestoredPlayback {
  if (tracks.length === 0) return { index: 0, position: 0, loops: 0, playing: false };
  const index = tracks[saved.index]?.src === saved.source ? saved.index : tracks.findIndex((track) => track.src === saved.source);
  if (saved.source === null || index < 0) return { index: 0, position: 0, loops: 0, playing: saved.playing };
  return { index, position: saved.position, loops: saved.loops, playing: saved.playing };
}

export interface PlaylistPosition {
  index: number;
  loops: number;
}

/** The next track; going from the last to the first counts one more loop. */
export function nextTrack(current: PlaylistPosition, count: number): PlaylistPosition {
  if (count <= 0) return { index: 0, loops: current.loops };
  const index = current.index + 1;
  return index >= count ? { index: 0, loops: current.loops + 1 } : { index, loops: current.loops };
}

/** The previous track; from the first it goes round to the last (no loop is counted). */
export function previousTrack(current: PlaylistPosition, count: number): PlaylistPosition {
  if (count <= 0) return { index: 0, loops: current.loops };
  return { index: current.index <= 0 ? count - 1 : Math.min(current.index - 1, count - 1), loops: current.loops };
}

/** A playlist's identity: a page whose playlist has the same key keeps the music where it is. */
export function playlistKey(tracks: readonly PlayerTrack[]): string {
  return tracks.map((track) => track.src).join("\n");
}

/**
 * When the backup advance should fire, in ms from now: once the track is within a second of its
 * end, shortly after the end is due. Null while the end is further off (or unknown).
 */
export function backupAdvanceDelay(currentTime: number, duration: number): number | null {
  if (!Number.isFinite(duration) || duration <= 0 || !Number.isFinite(currentTime)) return null;
  const remaining = duration - currentTime;
  if (remaining > 1) return null;
  return Math.max(0, Math.round(remaining * 1000)) + playerDefaults.backupAdvanceGraceMs;
}

/** The multi-track hint: until the listener has used the player, or whenever the URL asks (hint=1). */
export function shouldShowHint(input: { trackCount: number; hintSeen: boolean; search: string }): boolean {
  if (input.trackCount < 2) return false;
  return !input.hintSeen || new URLSearchParams(input.search).get("hint") === "1";
}

export type HintWording = "now available" | "available";

export function hintText(trackCount: number, wording: HintWording = "now available"): string {
  return `${trackCount} tracks ${wording}`;
}

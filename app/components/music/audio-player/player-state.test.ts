import { describe, expect, it } from "vitest";
import {
  backupAdvanceDelay,
  hintText,
  nextTrack,
  playerDefaults,
  playerStorageKeys,
  playlistKey,
  previousTrack,
  readItem,
  readSavedPlayback,
  restoreFor,
  savePlayback,
  shouldShowHint,
  writeItem,
  type SavedPlayback,
  type StorageLike,
} from "./player-state";

function memoryStorage(initial: Record<string, string> = {}): StorageLike & { items: Map<string, string> } {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
  };
}

const throwingStorage: StorageLike = {
  getItem: () => {
    throw new Error("SecurityError");
  },
  setItem: () => {
    throw new Error("QuotaExceededError");
  },
};

const tracks = [
  { title: "Still Water", src: "/media/audio/still-water.mp3" },
  { title: "Candle Hours", src: "/media/audio/candle-hours.mp3" },
  { title: "Soledad Dusk", src: "/media/audio/soledad-dusk.mp3" },
  { title: "Slow Tide", src: "/media/audio/slow-tide.mp3" },
];

const saved = (fields: Partial<SavedPlayback>): SavedPlayback => ({ ...readSavedPlayback(null), ...fields });

describe("moving through the playlist", () => {
  it("goes to the next track and wraps from the last to the first, counting a loop", () => {
    expect(nextTrack({ index: 0, loops: 0 }, 4)).toEqual({ index: 1, loops: 0 });
    expect(nextTrack({ index: 2, loops: 0 }, 4)).toEqual({ index: 3, loops: 0 });
    expect(nextTrack({ index: 3, loops: 0 }, 4)).toEqual({ index: 0, loops: 1 });
    expect(nextTrack({ index: 3, loops: 4 }, 4)).toEqual({ index: 0, loops: 5 });
  });

  it("goes back from the first track to the last without counting a loop", () => {
    expect(previousTrack({ index: 0, loops: 2 }, 4)).toEqual({ index: 3, loops: 2 });
    expect(previousTrack({ index: 2, loops: 0 }, 4)).toEqual({ index: 1, loops: 0 });
  });

  it("stays within a shorter playlist and copes with an empty one", () => {
    expect(previousTrack({ index: 7, loops: 0 }, 2)).toEqual({ index: 1, loops: 0 });
    expect(nextTrack({ index: 0, loops: 0 }, 0)).toEqual({ index: 0, loops: 0 });
    expect(previousTrack({ index: 0, loops: 0 }, 0)).toEqual({ index: 0, loops: 0 });
  });

  it("identifies a playlist by its sources", () => {
    expect(playlistKey(tracks)).toBe(playlistKey(tracks.map((track) => ({ ...track }))));
    expect(playlistKey(tracks.slice(0, 1))).not.toBe(playlistKey(tracks));
  });
});

describe("the backup advance", () => {
  it("waits while the end is more than a second away or unknown", () => {
    expect(backupAdvanceDelay(10, 60)).toBeNull();
    expect(backupAdvanceDelay(58.9, 60)).toBeNull();
    expect(backupAdvanceDelay(5, Number.NaN)).toBeNull();
    expect(backupAdvanceDelay(5, Number.POSITIVE_INFINITY)).toBeNull();
  });

  it("fires less than a second after the end once the end is near", () => {
    expect(backupAdvanceDelay(59.5, 60)).toBe(500 + playerDefaults.backupAdvanceGraceMs);
    expect(backupAdvanceDelay(60, 60)).toBe(playerDefaults.backupAdvanceGraceMs);
    expect(playerDefaults.backupAdvanceGraceMs).toBeLessThan(1000);
  });
});

describe("the multi-track hint", () => {
  it("shows for several tracks until the listener has used the player", () => {
    expect(shouldShowHint({ trackCount: 4, hintSeen: false, search: "" })).toBe(true);
    expect(shouldShowHint({ trackCount: 4, hintSeen: true, search: "" })).toBe(false);
  });

  it("shows again whenever the address says hint=1", () => {
    expect(shouldShowHint({ trackCount: 2, hintSeen: true, search: "?hint=1" })).toBe(true);
    expect(shouldShowHint({ trackCount: 2, hintSeen: true, search: "?hint=0" })).toBe(false);
  });

  it("never shows for a single track", () => {
    expect(shouldShowHint({ trackCount: 1, hintSeen: false, search: "?hint=1" })).toBe(false);
  });

  it("reads as the spec words it", () => {
    expect(hintText(4)).toBe("4 tracks now available");
    expect(hintText(2, "available")).toBe("2 tracks available");
  });
});

describe("the remembered state", () => {
  it("round-trips through storage under namespaced keys", () => {
    const storage = memoryStorage();
    const state: SavedPlayback = {
      playing: true,
      position: 12.345,
      source: tracks[2]!.src,
      index: 2,
      loops: 3,
      page: "/about",
      volume: 0.35,
      muted: true,
    };
    savePlayback(storage, state);
    expect([...storage.items.keys()].every((key) => key.startsWith("harmonia:player:"))).toBe(true);
    expect(readSavedPlayback(storage)).toEqual({ ...state, position: 12.35 });
  });

  it("writes only the fields it is given", () => {
    const storage = memoryStorage({ [playerStorageKeys.trackIndex]: "2" });
    savePlayback(storage, { playing: false });
    expect(storage.items.get(playerStorageKeys.playback)).toBe("paused");
    expect(storage.items.get(playerStorageKeys.trackIndex)).toBe("2");
  });

  it("falls back to the defaults for missing or garbage values", () => {
    const defaults: SavedPlayback = {
      playing: false,
      position: 0,
      source: null,
      index: 0,
      loops: 0,
      page: null,
      volume: playerDefaults.volume,
      muted: false,
    };
    expect(readSavedPlayback(memoryStorage())).toEqual(defaults);
    const garbage = memoryStorage({
      [playerStorageKeys.playback]: "maybe",
      [playerStorageKeys.position]: "-4",
      [playerStorageKeys.trackIndex]: "1.5",
      [playerStorageKeys.loopCount]: "lots",
      [playerStorageKeys.volume]: "7",
      [playerStorageKeys.muted]: "{}",
      [playerStorageKeys.source]: "",
    });
    expect(readSavedPlayback(garbage)).toEqual(defaults);
    expect(readSavedPlayback(memoryStorage({ [playerStorageKeys.position]: "NaN" })).position).toBe(0);
  });

  it("never throws when storage is refused or absent", () => {
    expect(readSavedPlayback(throwingStorage)).toEqual(readSavedPlayback(null));
    expect(() => savePlayback(throwingStorage, { playing: true, index: 1 })).not.toThrow();
    expect(() => writeItem(throwingStorage, "hintSeen", "true")).not.toThrow();
    expect(readItem(throwingStorage, "rid")).toBeNull();
  });
});

describe("what a playlist restores", () => {
  it("resumes the saved track, position, loops and play state when the playlist holds it", () => {
    expect(restoreFor(saved({ source: tracks[2]!.src, index: 2, position: 31, loops: 1, playing: true }), tracks)).toEqual({
      index: 2,
      position: 31,
      loops: 1,
      playing: true,
    });
  });

  it("finds the saved track by its source when its place has changed", () => {
    expect(restoreFor(saved({ source: tracks[1]!.src, index: 0, position: 5 }), tracks)).toMatchObject({ index: 1, position: 5 });
  });

  it("starts another playlist from its first track, keeping only whether music was playing", () => {
    const friend = [tracks[0]!, tracks[1]!];
    expect(restoreFor(saved({ source: tracks[3]!.src, index: 3, position: 40, loops: 2, playing: true }), friend)).toEqual({
      index: 0,
      position: 0,
      loops: 0,
      playing: true,
    });
    expect(restoreFor(saved({}), tracks)).toEqual({ index: 0, position: 0, loops: 0, playing: false });
  });

  it("restores nothing into an empty playlist", () => {
    expect(restoreFor(saved({ source: tracks[0]!.src, playing: true }), [])).toEqual({ index: 0, position: 0, loops: 0, playing: false });
  });
});

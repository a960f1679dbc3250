import { useEffect, useMemo, useSyncExternalStore } from "react";
import { usePlayerSource } from "./player-source";
import { playerIsland } from "./player-island";
import { playerDefaults, type PlayerTrack } from "./player-state";

export interface AudioPlayer {
  tracks: readonly PlayerTrack[];
  index: number;
  track: PlayerTrack | undefined;
  playing: boolean;
  muted: boolean;
  volume: number;
  /** Whether the player shows on this page. */
  visible: boolean;
  /** The player was just revealed by the page (it then opens and takes the focus). */
  revealed: boolean;
  /** The multi-track hint to show now, if any. */
  hint: string | null;
  play(): void;
  pause(): void;
  toggle(): void;
  next(): void;
  previous(): void;
  playTrack(index: number): void;
  setVolume(volume: number): void;
  toggleMute(): void;
  /** Shows a player the page keeps hidden, optionally starting it (call it from a press). */
  reveal(options?: { play?: boolean }): void;
  /** Any use of the player: the hint then stops showing. */
  noteInteraction(): void;
}

/*
 * The player of the root layout (audio-player-engine.tsx), for the pages that drive it: the welcome
 * prompt, the friend page's button, the music page's track list. The engine is an island beside the
 * page, not around it, so it publishes itself here once it runs in the browser; the server never does.
 */
let published: AudioPlayer | null = null;
const listeners = new Set<() => void>();

/** Called by the engine with its latest state; returns the withdrawal for when it unmounts. */
export function publishPlayer(player: AudioPlayer): () => void {
  published = player;
  for (const listener of listeners) listener();
  return () => {
    if (published !== player) return;
    published = null;
    for (const listener of listeners) listener();
  };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The global player as a page sees it. Until the engine runs (on the server, and for the moment its
 * code takes to arrive) it is the player as the engine first draws it, paused on the first track,
 * and a press waits for the engine and is then passed on: the browser counts a press it has just
 * seen as leave to start the music.
 */
export function useAudioPlayer(): AudioPlayer {
  const source = usePlayerSource();
  const player = useSyncExternalStore(subscribe, () => published, () => null);
  // A page that drives the player wants it running.
  useEffect(() => void playerIsland.want(), []);
  const { tracks, hiddenUntilRevealed, blocked } = source;
  const waiting = useMemo<AudioPlayer>(() => {
    const later =
      <Args extends unknown[]>(act: (player: AudioPlayer, ...args: Args) => void) =>
      (...args: Args) =>
        void playerIsland.want().then(() => {
          if (published) act(published, ...args);
        });
    return {
      tracks,
      index: 0,
      track: tracks[0],
      playing: false,
      muted: false,
      volume: playerDefaults.volume,
      visible: tracks.length > 0 && !blocked && !hiddenUntilRevealed,
      revealed: false,
      hint: null,
      play: later((p) => p.play()),
      pause: later((p) => p.pause()),
      toggle: later((p) => p.toggle()),
      next: later((p) => p.next()),
      previous: later((p) => p.previous()),
      playTrack: later((p, index: number) => p.playTrack(index)),
      setVolume: later((p, volume: number) => p.setVolume(volume)),
      toggleMute: later((p) => p.toggleMute()),
      reveal: later((p, options?: { play?: boolean }) => p.reveal(options)),
      noteInteraction: later((p) => p.noteInteraction()),
    };
  }, [tracks, hiddenUntilRevealed, blocked]);
  return player ?? waiting;
}

import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from "react";
import { useLocation, useMatches, useRouteLoaderData } from "react-router";
import { inNextTask } from "#app/lib/next-task";
import type { RootData } from "#app/lib/seo";
import {
  backupAdvanceDelay,
  browserStorage,
  hintText,
  nextTrack,
  playerDefaults,
  playlistKey,
  previousTrack,
  readItem,
  readSavedPlayback,
  rememberAttribution,
  restoreFor,
  savePlayback,
  shouldShowHint,
  writeItem,
  type HintWording,
  type PlayerTrack,
} from "./player-state";
import { orElse } from "#app/lib/or-else";

/**
 * What a page declares (as its route `handle`) to give the global player its own playlist: the
 * page's loader then returns it as `playlist`. /friend also keeps the player hidden until its play
 * button calls `reveal` (the spec's 'show music player' event).
 */
export interface AudioPlayerHandle {
  audioPlayer: {
    ownPlaylist?: boolean;
    hiddenUntilRevealed?: boolean;
    hintWording?: HintWording;
  };
}

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

const AudioPlayerContext = createContext<AudioPlayer | null>(null);

export function useAudioPlayer(): AudioPlayer {
  const player = useContext(AudioPlayerContext);
  if (!player) throw new Error("useAudioPlayer needs the AudioPlayerProvider of the root layout");
  return player;
}

const noTracks: PlayerTrack[] = [];

const noSubscription = () => () => {};

/** Read after hydration only: the server cannot know the flag or the address's hint=1. */
function hintAllowedNow(trackCount: number): boolean {
  const hintSeen = readItem(browserStorage(), "hintSeen") === "true";
  return shouldShowHint({ trackCount, hintSeen, search: window.location.search });
}

/** The playlist this page plays: its own (see AudioPlayerHandle) or the listener's from the root loader. */
function usePlayerSource() {
  const matches = useMatches();
  const { pathname } = useLocation();
  const root = useRouteLoaderData("root") as RootData | undefined;
  const page = matches.findLast((match) => (match.handle as Partial<AudioPlayerHandle> | undefined)?.audioPlayer);
  const options = (page?.handle as AudioPlayerHandle | undefined)?.audioPlayer;
  const own = options?.ownPlaylist ? (page?.loaderData as { playlist?: PlayerTrack[] } | undefined)?.playlist : undefined;
  const tracks = Array.isArray(own) ? own : (root?.playlist ?? noTracks);
  const key = playlistKey(tracks);
  // A new array with the same tracks (a revalidated loader) is the same playlist.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const stableTracks = useMemo(() => tracks, [key]);
  return {
    tracks: stableTracks,
    key,
    user: root?.user ?? null,
    hiddenUntilRevealed: options?.hiddenUntilRevealed ?? false,
    hintWording: options?.hintWording ?? "now available",
    // Development tools (the mailbox) have no use for music.
    blocked: pathname === "/dev" || pathname.startsWith("/dev/"),
    pathname,
  };
}

/**
 * Owns the site's one <audio> element and the player's state. It lives in the root layout, so a
 * client-side navigation keeps the music playing; only a change of playlist (the friend page,
 * signing in or out) starts again from the first track.
 */
export function AudioPlayerProvider({ children }: { children: ReactNode }) {
  const source = usePlayerSource();
  const { tracks, key, hiddenUntilRevealed, blocked } = source;
  const audioRef = useRef<HTMLAudioElement>(null);
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  // The element holds volume and mute; these follow its 'volumechange'.
  const [volume, setVolumeState] = useState<number>(playerDefaults.volume);
  const [muted, setMuted] = useState(false);
  const [revealed, setRevealed] = useState(false);
  // The hint window that has ended (timed out or the player was used), by its key.
  const [hintDoneFor, setHintDoneFor] = useState<string | null>(null);

  const visible = tracks.length > 0 && !blocked && (!hiddenUntilRevealed || revealed);

  // Event handlers and timers read the latest values through these.
  const latest = useRef({ tracks, index, user: source.user, visible });
  useEffect(() => {
    latest.current = { tracks, index, user: source.user, visible };
  });
  const loops = useRef(0);
  const pendingPosition = useRef<number | null>(null);
  const advanceTimer = useRef<number | undefined>(undefined);
  const backupTimer = useRef<number | undefined>(undefined);

  const clearTimers = useCallback(() => {
    window.clearTimeout(advanceTimer.current);
    window.clearTimeout(backupTimer.current);
    advanceTimer.current = undefined;
    backupTimer.current = undefined;
  }, []);

  const markPaused = useCallback(() => {
    setPlaying(false);
    savePlayback(browserStorage(), { playing: false });
  }, []);

  /** Starts playback; a refusal (no gesture yet) or a failure leaves the player paused. */
  const start = useCallback(() => {
    const audio = audioRef.current;
    if (!audio?.getAttribute("src")) return;
    audio.play().catch((error: unknown) => {
      // A start superseded by a track change is not a failure: the new track is starting.
      if (!(error instanceof DOMException && error.name === "AbortError")) markPaused();
    });
  }, [markPaused]);

  /** Puts a track in the element (and remembers it), from a position, playing or not. */
  const select = useCallback(
    (next: number, options: { play: boolean; position?: number }) => {
      const audio = audioRef.current;
      const track = latest.current.tracks[next];
      if (!audio || !track) return;
      clearTimers();
      latest.current.index = next;
      setIndex(next);
      const position = options.position ?? 0;
      pendingPosition.current = position > 0 ? position : null;
      if (audio.getAttribute("src") !== track.src) {
        // Resuming mid-track needs the track's length before it can seek, even if the start is refused.
        if (position > 0) audio.preload = "metadata";
        audio.src = track.src;
      } else if (position > 0 && audio.readyState > 0) {
        audio.currentTime = position;
        pendingPosition.current = null;
      }
      savePlayback(browserStorage(), { index: next, source: track.src, position, loops: loops.current });
      if (options.play) start();
    },
    [clearTimers, start],
  );

  /** The index after the current one, counting a loop when the playlist wraps. */
  const stepForward = useCallback(() => {
    const next = nextTrack({ index: latest.current.index, loops: loops.current }, latest.current.tracks.length);
    loops.current = next.loops;
    return next.index;
  }, []);

  const advance = useCallback(() => {
    select(stepForward(), { play: false });
    advanceTimer.current = window.setTimeout(start, playerDefaults.autoPlayDelayMs);
  }, [select, start, stepForward]);

  // The hint shows when the player appears (page load, or the page revealing it), for 900 ms.
  const trackCount = tracks.length;
  const hintWindow = `${visible}:${trackCount}`;
  const hintAllowed = useSyncExternalStore(noSubscription, () => hintAllowedNow(trackCount), () => false);
  const hintShown = visible && hintAllowed && hintDoneFor !== hintWindow;
  useEffect(() => {
    if (!hintShown) return;
    const timer = window.setTimeout(() => setHintDoneFor(hintWindow), playerDefaults.hintHideMs);
    return () => window.clearTimeout(timer);
  }, [hintShown, hintWindow]);
  const hintWindowRef = useRef(hintWindow);
  useEffect(() => {
    hintWindowRef.current = hintWindow;
  });

  const noteInteraction = useCallback(() => {
    writeItem(browserStorage(), "hintSeen", "true");
    setHintDoneFor(hintWindowRef.current);
  }, []);

  /** Whether music is on, counting the short pause before an advanced track starts. */
  const musicOn = () => Boolean(audioRef.current && (!audioRef.current.paused || advanceTimer.current !== undefined));

  // After hydration: the remembered state. (The address's attribution is kept by the page effect below.)
  // In a task of its own: loading the track is the heaviest work of the page's first effects.
  useEffect(
    () =>
      inNextTask(() => {
        const saved = readSavedPlayback(browserStorage());
        const audio = audioRef.current;
        if (audio) {
          audio.volume = saved.volume;
          audio.muted = saved.muted;
        }
        const restored = restoreFor(saved, latest.current.tracks);
        loops.current = restored.loops;
        select(restored.index, { play: restored.playing && latest.current.visible, position: restored.position });
      }),
    [select],
  );

  // A new playlist starts from its first track; music that was on goes on if the player shows.
  const shownKey = useRef(key);
  useEffect(() => {
    if (shownKey.current === key) return;
    shownKey.current = key;
    const wasOn = musicOn();
    setRevealed(false);
    loops.current = 0;
    select(0, { play: wasOn && tracks.length > 0 && !blocked && !hiddenUntilRevealed });
  }, [key, tracks, blocked, hiddenUntilRevealed, select]);

  // A hidden player is silent.
  useEffect(() => {
    if (!visible) {
      clearTimers();
      audioRef.current?.pause();
    }
  }, [visible, clearTimers]);

  useEffect(() => {
    savePlayback(browserStorage(), { page: source.pathname });
    rememberAttribution(browserStorage(), window.location.search);
  }, [source.pathname]);

  // The position is written every second while playing.
  useEffect(() => {
    if (!playing) return;
    const timer = window.setInterval(() => {
      const audio = audioRef.current;
      if (audio) savePlayback(browserStorage(), { position: audio.currentTime });
    }, playerDefaults.saveEveryMs);
    return () => window.clearInterval(timer);
  }, [playing]);

  const track = (event: "play" | "pause" | "ended") => {
    const audio = audioRef.current;
    const current = latest.current.tracks[latest.current.index];
    if (!audio || !current) return;
    const user = latest.current.user;
    // Read now: by the time the tracking code has loaded (on the first play) the audio has moved on.
    const moment = { action: event, track: current, position: audio.currentTime, duration: audio.duration };
    void import("./tracking-client")
      .then(({ trackAudio }) => trackAudio(browserStorage(), user ? { email: user.email, id: user.id } : null, moment))
      .catch(orElse(undefined, "listening statistics are best effort: the music plays on"));
  };

  const player = useMemo<AudioPlayer>(() => {
    const move = (to: number) => select(to, { play: musicOn() });
    const play = () => {
      noteInteraction();
      start();
    };
    const pause = () => {
      noteInteraction();
      clearTimers();
      audioRef.current?.pause();
    };
    return {
      tracks,
      index,
      track: tracks[index],
      playing,
      muted,
      volume,
      visible,
      revealed,
      hint: hintShown ? hintText(tracks.length, source.hintWording) : null,
      play,
      pause,
      toggle: () => (musicOn() ? pause() : play()),
      next: () => {
        noteInteraction();
        move(stepForward());
      },
      previous: () => {
        noteInteraction();
        move(previousTrack({ index: latest.current.index, loops: loops.current }, latest.current.tracks.length).index);
      },
      playTrack: (to) => {
        noteInteraction();
        if (to === latest.current.index) start();
        else select(to, { play: true });
      },
      setVolume: (next) => {
        noteInteraction();
        if (audioRef.current) audioRef.current.volume = Math.min(1, Math.max(0, Number.isFinite(next) ? next : playerDefaults.volume));
      },
      toggleMute: () => {
        noteInteraction();
        if (audioRef.current) audioRef.current.muted = !audioRef.current.muted;
      },
      reveal: (options) => {
        setRevealed(true);
        if (options?.play) start();
      },
      noteInteraction,
    };
  }, [tracks, index, playing, muted, volume, visible, revealed, hintShown, source.hintWording, select, start, stepForward, clearTimers, noteInteraction]);

  return (
    <AudioPlayerContext.Provider value={player}>
      {children}
      <audio
        ref={audioRef}
        preload="none"
        loop={tracks.length === 1}
        onPlay={() => {
          setPlaying(true);
          savePlayback(browserStorage(), { playing: true });
          writeItem(browserStorage(), "hasMusic", "true");
          track("play");
        }}
        onPause={(event) => {
          setPlaying(false);
          // The end of a track is reported as 'ended', not as a pause.
          if (event.currentTarget.ended) return;
          savePlayback(browserStorage(), { playing: false, position: event.currentTarget.currentTime });
          track("pause");
        }}
        onEnded={() => {
          track("ended");
          if (latest.current.tracks.length > 1) advance();
        }}
        onError={markPaused}
        onVolumeChange={(event) => {
          const audio = event.currentTarget;
          setVolumeState(audio.volume);
          setMuted(audio.muted);
          savePlayback(browserStorage(), { volume: audio.volume, muted: audio.muted });
        }}
        onLoadedMetadata={(event) => {
          const audio = event.currentTarget;
          const position = pendingPosition.current;
          pendingPosition.current = null;
          if (position !== null && (!Number.isFinite(audio.duration) || position < audio.duration)) audio.currentTime = position;
        }}
        onTimeUpdate={(event) => {
          if (latest.current.tracks.length < 2) return;
          const audio = event.currentTarget;
          const delay = audio.paused ? null : backupAdvanceDelay(audio.currentTime, audio.duration);
          if (delay === null) {
            window.clearTimeout(backupTimer.current);
            backupTimer.current = undefined;
          } else if (backupTimer.current === undefined) {
            // Should 'ended' never come, the next track starts anyway; 'ended' cancels this.
            const armedFor = audio.getAttribute("src");
            backupTimer.current = window.setTimeout(() => {
              backupTimer.current = undefined;
              if (audioRef.current?.getAttribute("src") === armedFor) advance();
            }, delay);
          }
        }}
      />
    </AudioPlayerContext.Provider>
  );
}

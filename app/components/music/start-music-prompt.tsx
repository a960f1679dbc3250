import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { MusicPlayer, type PlayerTrack } from "./music-player";

/** Set once the member has started their music, so the prompt is not shown again on this device. */
export const AUDIO_PLAYING_FLAG = "harmonia:audio-playing";

function readFlag(): boolean {
  try {
    return window.localStorage.getItem(AUDIO_PLAYING_FLAG) === "true";
  } catch {
    return false;
  }
}

function rememberFlag() {
  try {
    window.localStorage.setItem(AUDIO_PLAYING_FLAG, "true");
  } catch {
    // Storage may be unavailable (private mode); the prompt then simply shows again next time.
  }
}

function subscribe(onChange: () => void) {
  window.addEventListener("storage", onChange);
  return () => window.removeEventListener("storage", onChange);
}

/**
 * The welcome page's big 'Tap to start your music' overlay. It stays until pressed, or until the
 * music is started another way; pressing it remembers the choice, shows the player and starts the
 * member's playlist. On a later visit with the choice remembered, the player waits without it.
 */
export function StartMusicPrompt({ tracks, className }: { tracks: readonly PlayerTrack[]; className?: string }) {
  // The flag lives in the browser: the server renders neither prompt nor player.
  const remembered = useSyncExternalStore(subscribe, readFlag, () => null);
  const [started, setStarted] = useState(false);
  const playerRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (started) playerRef.current?.focus();
  }, [started]);

  if (remembered === null) return null;
  if (!remembered && !started) {
    return (
      <div className="absolute inset-0 z-20 flex items-center justify-center bg-night/55 p-6 backdrop-blur-sm">
        <button
          type="button"
          onClick={() => {
            rememberFlag();
            setStarted(true);
          }}
          className="flex flex-col items-center gap-5 rounded-[2rem] border border-amber/60 bg-umber/90 px-10 py-9 text-ivory shadow-2xl shadow-black/60 transition-colors hover:border-amber hover:bg-umber focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-amber"
        >
          <span aria-hidden className="flex size-20 items-center justify-center rounded-full bg-amber text-night">
            <svg viewBox="0 0 24 24" className="size-9" fill="currentColor">
              <path d="M8 5v14l11-7z" />
            </svg>
          </span>
          <span className="font-display text-3xl">Tap to start your music</span>
        </button>
      </div>
    );
  }
  return (
    <section ref={playerRef} tabIndex={-1} aria-label="Your music" className={`outline-none ${className ?? ""}`}>
      <MusicPlayer tracks={tracks} autoStart={started} onPlay={rememberFlag} />
    </section>
  );
}

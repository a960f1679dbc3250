import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useAudioPlayer } from "./audio-player/audio-player-provider";
import { PlayerPanel } from "./audio-player/player-panel";
import { browserStorage, readItem, writeItem } from "./audio-player/player-state";

// The player's has-music flag, set whenever music has played on this device: the prompt then
// stays away. Unavailable storage simply shows the prompt again next time.
const readFlag = () => readItem(browserStorage(), "hasMusic") === "true";
const rememberFlag = () => writeItem(browserStorage(), "hasMusic", "true");

function subscribe(onChange: () => void) {
  window.addEventListener("storage", onChange);
  return () => window.removeEventListener("storage", onChange);
}

/**
 * The welcome page's big 'Tap to start your music' overlay. It stays until pressed, or until the
 * music is started another way; pressing it remembers the choice and starts the member's playlist
 * in the global player, whose controls then show here too. On a later visit with the choice
 * remembered, the controls wait without it.
 */
export function StartMusicPrompt({ className }: { className?: string }) {
  const player = useAudioPlayer();
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
            player.play();
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
      <PlayerPanel />
    </section>
  );
}

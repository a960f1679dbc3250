import { useEffect, useRef, useState } from "react";
import { MusicPlayer, type PlayerTrack } from "./music-player";

/** The friend page's play button: pressing it shows the player and starts the friend playlist. */
export function FriendListening({ tracks, className }: { tracks: readonly PlayerTrack[]; className?: string }) {
  const [shown, setShown] = useState(false);
  const playerRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (shown) playerRef.current?.focus();
  }, [shown]);

  if (!shown) {
    return (
      <p className={`text-center ${className ?? ""}`}>
        <button type="button" className="button-primary px-8 py-3 text-lg" onClick={() => setShown(true)}>
          <svg aria-hidden viewBox="0 0 24 24" className="size-5" fill="currentColor">
            <path d="M8 5v14l11-7z" />
          </svg>
          Play the music
        </button>
      </p>
    );
  }
  return (
    <section ref={playerRef} tabIndex={-1} aria-label="Music player" className={`outline-none ${className ?? ""}`}>
      <MusicPlayer tracks={tracks} autoStart />
    </section>
  );
}

import { useHydrated } from "#app/lib/use-hydrated";
import { useAudioPlayer } from "./audio-player/audio-player-provider";

/**
 * The friend page's play button: the spec's 'show music player' event. It reveals the global
 * player (hidden on this page until then) with the friend playlist and starts it. Without
 * JavaScript it could not, so it shows once the page has hydrated.
 */
export function FriendListening({ className }: { className?: string }) {
  const player = useAudioPlayer();
  const hydrated = useHydrated();
  return (
    <p className={`text-center ${hydrated ? "" : "invisible"} ${className ?? ""}`}>
      <button type="button" className="button-primary px-8 py-3 text-lg" onClick={() => player.reveal({ play: true })}>
        <svg aria-hidden viewBox="0 0 24 24" className="size-5" fill="currentColor">
          <path d="M8 5v14l11-7z" />
        </svg>
        Play the music
      </button>
    </p>
  );
}

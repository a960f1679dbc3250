import { useAudioPlayer } from "./audio-player-provider";
import { PlayerButton, PlayerIcon } from "./player-icons";

/**
 * A page's view of the global player (the welcome and music pages): the current track,
 * play/pause, previous/next with several tracks, and optionally every track as a button. It owns
 * no audio: every control drives the one player of the root layout.
 */
export function PlayerPanel({ showTrackList, className }: { showTrackList?: boolean; className?: string }) {
  const player = useAudioPlayer();
  const count = player.tracks.length;
  if (!player.track) return null;
  return (
    <div className={`rounded-3xl border border-ember bg-umber/85 p-5 shadow-xl shadow-black/40 ${className ?? ""}`}>
      <div className="flex items-center gap-4">
        <div className="min-w-0 flex-1">
          <p className="text-xs text-mist">{count > 1 ? `Track ${player.index + 1} of ${count}` : "Now playing"}</p>
          <p className="truncate font-display text-2xl text-ivory">{player.track.title}</p>
        </div>
        <div className="flex items-center gap-2">
          {count > 1 ? (
            <PlayerButton size="large" label="Previous track" onClick={player.previous}>
              <PlayerIcon name="previous" />
            </PlayerButton>
          ) : null}
          <PlayerButton size="large" label={player.playing ? "Pause" : "Play"} onClick={player.toggle} primary>
            <PlayerIcon name={player.playing ? "pause" : "play"} />
          </PlayerButton>
          {count > 1 ? (
            <PlayerButton size="large" label="Next track" onClick={player.next}>
              <PlayerIcon name="next" />
            </PlayerButton>
          ) : null}
        </div>
      </div>
      {showTrackList ? (
        <ol className="mt-5 space-y-1 border-t border-ember pt-4" aria-label="Playlist">
          {player.tracks.map((track, position) => (
            <li key={track.src}>
              <button
                type="button"
                aria-label={`Play ${track.title}`}
                aria-current={position === player.index ? "true" : undefined}
                onClick={() => player.playTrack(position)}
                className="flex w-full items-center gap-3 rounded-xl px-3 py-2 text-left text-sand transition-colors hover:bg-night/50 hover:text-ivory focus-visible:outline-2 focus-visible:outline-amber aria-[current=true]:text-amber motion-reduce:transition-none"
              >
                <span className="w-5 text-sm text-mist tabular-nums">{position + 1}</span>
                <span className="flex-1">{track.title}</span>
              </button>
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}

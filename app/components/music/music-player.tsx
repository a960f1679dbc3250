import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";

export interface PlayerTrack {
  title: string;
  src: string;
}

/**
 * A compact page-level player for the playlist it is given: the track's title, play/pause, and
 * previous/next when there is more than one track; at the end of a track the next one starts,
 * wrapping round to the first. Every control is a labelled button, so it works by keyboard and
 * screen reader. (The global player of the audio issue will take over from it.)
 */
export function MusicPlayer(props: {
  tracks: readonly PlayerTrack[];
  /** Start playing as soon as the player appears (it appears after a press, which lets audio play). */
  autoStart?: boolean;
  /** Called whenever playback starts, by any control. */
  onPlay?: () => void;
  /** Also list every track, each with its own play button. */
  showTrackList?: boolean;
  className?: string;
}) {
  const { tracks, onPlay } = props;
  const audioRef = useRef<HTMLAudioElement>(null);
  // Whether the listener wants music: after a track change, play only if they did.
  const wantsPlay = useRef(props.autoStart ?? false);
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  const count = tracks.length;
  const current = tracks[Math.min(index, count - 1)];

  const play = useCallback(() => {
    const audio = audioRef.current;
    if (!audio) return;
    wantsPlay.current = true;
    // A refused or failed start leaves the player paused.
    audio.play().catch(() => {
      wantsPlay.current = false;
      setPlaying(false);
    });
  }, []);

  // A new track (and, with autoStart, the first one) starts playing if music was wanted.
  useEffect(() => {
    if (wantsPlay.current) play();
  }, [index, play]);

  if (!current) return null;

  const goTo = (next: number) => {
    wantsPlay.current = wantsPlay.current || playing;
    setIndex(((next % count) + count) % count);
  };

  const toggle = () => {
    const audio = audioRef.current;
    if (!audio) return;
    if (audio.paused) play();
    else {
      wantsPlay.current = false;
      audio.pause();
    }
  };

  const ended = () => {
    if (count === 1) play();
    else {
      wantsPlay.current = true;
      goTo(index + 1);
    }
  };

  return (
    <div className={`rounded-3xl border border-ember bg-umber/85 p-5 shadow-xl shadow-black/40 ${props.className ?? ""}`}>
      <audio
        ref={audioRef}
        src={current.src}
        preload="none"
        onPlay={() => {
          setPlaying(true);
          onPlay?.();
        }}
        onPause={() => setPlaying(false)}
        onEnded={ended}
        onError={() => setPlaying(false)}
      />
      <div className="flex items-center gap-4">
        <div className="min-w-0 flex-1" aria-live="polite">
          <p className="text-xs text-mist">{count > 1 ? `Track ${index + 1} of ${count}` : "Now playing"}</p>
          <p className="truncate font-display text-2xl text-ivory">{current.title}</p>
        </div>
        <div className="flex items-center gap-2">
          {count > 1 ? (
            <PlayerButton label="Previous track" onClick={() => goTo(index - 1)}>
              <path d="M6 5h2v14H6zM20 5v14L9 12z" />
            </PlayerButton>
          ) : null}
          <PlayerButton label={playing ? "Pause" : "Play"} onClick={toggle} primary>
            {playing ? <path d="M7 5h4v14H7zM13 5h4v14h-4z" /> : <path d="M8 5v14l11-7z" />}
          </PlayerButton>
          {count > 1 ? (
            <PlayerButton label="Next track" onClick={() => goTo(index + 1)}>
              <path d="M16 5h2v14h-2zM4 5v14l11-7z" />
            </PlayerButton>
          ) : null}
        </div>
      </div>
      {props.showTrackList ? (
        <ol className="mt-5 space-y-1 border-t border-ember pt-4" aria-label="Playlist">
          {tracks.map((track, position) => (
            <li key={track.src}>
              <button
                type="button"
                aria-label={`Play ${track.title}`}
                aria-current={position === index ? "true" : undefined}
                onClick={() => {
                  wantsPlay.current = true;
                  if (position === index) play();
                  else setIndex(position);
                }}
                className="flex w-full items-center gap-3 rounded-xl px-3 py-2 text-left text-sand transition-colors hover:bg-night/50 hover:text-ivory focus-visible:outline-2 focus-visible:outline-amber aria-[current=true]:text-amber"
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

function PlayerButton(props: { label: string; onClick: () => void; primary?: boolean; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-label={props.label}
      title={props.label}
      onClick={props.onClick}
      className={
        props.primary
          ? "inline-flex size-12 items-center justify-center rounded-full bg-amber text-night transition-colors hover:bg-ivory focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber"
          : "inline-flex size-10 items-center justify-center rounded-full border border-sand/30 text-sand transition-colors hover:border-amber hover:text-amber focus-visible:outline-2 focus-visible:outline-amber"
      }
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="currentColor">
        {props.children}
      </svg>
    </button>
  );
}

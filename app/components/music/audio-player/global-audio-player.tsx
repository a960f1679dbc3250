import { useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import { useHydrated } from "~/lib/use-hydrated";
import { useAudioPlayer, type AudioPlayer } from "./audio-player-provider";
import { PlayerButton, PlayerIcon } from "./player-icons";
import { playerDefaults } from "./player-state";

/**
 * The site-wide player, fixed at the top centre just below the header: the track's title opens
 * and closes the controls, play/pause stays at hand. The server draws it with the playlist's first
 * track, so nothing moves when the page hydrates or the remembered track comes back; it is shown
 * only once hydrated, since none of its buttons can do anything without JavaScript.
 */
export function GlobalAudioPlayer() {
  const player = useAudioPlayer();
  // The staff pages fold it into their own header (StaffHeaderPlayer): nothing floats over their controls.
  const inStaffArea = useLocation().pathname.startsWith("/admin");
  if (inStaffArea || !player.visible || !player.track) return null;
  return <PlayerBar player={player} placement="site" />;
}

/**
 * The player at the top of the staff pages, in the flow under their navigation: on a phone at
 * the door, a floating player sat over 'Mark all 3 seats arrived', and a focused button could pass
 * under it. Its controls open below it, over the page only while someone opened them.
 */
export function StaffHeaderPlayer() {
  const player = useAudioPlayer();
  if (!player.visible || !player.track) return null;
  return <PlayerBar player={player} placement="staff-header" />;
}

/** Top centre below the header (the spec's place); on the staff pages, in their flow. */
const placements = {
  site: "pointer-events-none fixed z-30 top-[calc(var(--header-height)+0.5rem)] left-1/2 -translate-x-1/2 flex-col",
  "staff-header": "pointer-events-none relative shrink-0 flex-col items-start!",
} as const;

function PlayerBar({ player, placement }: { player: AudioPlayer; placement: keyof typeof placements }) {
  const inHeader = placement === "staff-header";
  const hydrated = useHydrated();
  const [expanded, setExpanded] = useState(player.revealed);
  const sectionRef = useRef<HTMLElement>(null);
  const panelId = useId();
  const volumeId = useId();
  const several = player.tracks.length > 1;

  // Revealed by the page's own play button: it opens (above) and takes the focus.
  useEffect(() => {
    if (player.revealed) sectionRef.current?.focus();
  }, [player.revealed]);

  return (
    <section
      ref={sectionRef}
      tabIndex={-1}
      aria-label="Music player"
      className={`flex w-max ${hydrated ? "" : "invisible"} max-w-[calc(100vw-1rem)] items-center gap-2 outline-none ${placements[placement]}`}
    >
      <div className="pointer-events-auto flex items-center gap-1 rounded-full border border-ember bg-umber/90 p-1 shadow-lg shadow-black/40 backdrop-blur">
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={panelId}
          onClick={() => {
            player.noteInteraction();
            setExpanded(!expanded);
          }}
          className="flex w-36 items-center gap-2 rounded-full py-1.5 pr-2 pl-3 text-left text-sm text-ivory transition-colors hover:text-amber focus-visible:outline-2 focus-visible:outline-amber motion-reduce:transition-none sm:w-56"
        >
          <PlayerIcon name="music" size={16} className="shrink-0 text-amber" />
          <span className="sr-only">Now playing: </span>
          <span className="min-w-0 flex-1 truncate">{player.track?.title}</span>
          <PlayerIcon
            name="chevron"
            size={18}
            className={`shrink-0 text-mist transition-transform motion-reduce:transition-none ${expanded ? "rotate-180" : ""}`}
          />
        </button>
        <PlayerButton label={player.playing ? "Pause" : "Play"} onClick={player.toggle} primary>
          <PlayerIcon name={player.playing ? "pause" : "play"} size={18} />
        </PlayerButton>
      </div>

      <div
        id={panelId}
        hidden={!expanded}
        className={`pointer-events-auto flex flex-wrap items-center justify-center gap-2 rounded-2xl border border-ember bg-umber/95 px-3 py-2 shadow-lg shadow-black/40 backdrop-blur ${inHeader ? "absolute top-full left-0 z-30 mt-1 w-max" : ""}`}
      >
        {several ? (
          <>
            <span className="text-xs text-mist tabular-nums">
              Track {player.index + 1} of {player.tracks.length}
            </span>
            <PlayerButton label="Previous track" onClick={player.previous}>
              <PlayerIcon name="previous" size={16} />
            </PlayerButton>
            <PlayerButton label="Next track" onClick={player.next}>
              <PlayerIcon name="next" size={16} />
            </PlayerButton>
          </>
        ) : null}
        <PlayerButton label="Mute" pressed={player.muted} onClick={player.toggleMute}>
          <PlayerIcon name={player.muted ? "muted" : "volume"} size={16} />
        </PlayerButton>
        <label htmlFor={volumeId} className="sr-only">
          Volume
        </label>
        <input
          id={volumeId}
          type="range"
          min={0}
          max={1}
          step={playerDefaults.volumeStep}
          value={player.volume}
          aria-valuetext={`${Math.round(player.volume * 100)}%`}
          onChange={(event) => player.setVolume(Number(event.currentTarget.value))}
          className="h-6 w-24 cursor-pointer accent-amber focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber"
        />
      </div>

      {/* In the staff header the hint is for screen readers only: a pill there would cover the page. */}
      <div role="status" className={inHeader ? "sr-only" : "pointer-events-auto"}>
        {player.hint ? (
          <p className="rounded-full bg-amber px-4 py-1.5 text-sm font-semibold text-night shadow-lg shadow-black/40">{player.hint}</p>
        ) : null}
      </div>
    </section>
  );
}

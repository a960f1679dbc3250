import { useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import { useHydrated } from "#app/lib/use-hydrated";
import { useAudioPlayer, type AudioPlayer } from "./audio-player-provider";
import { PlayerButton, PlayerIcon } from "./player-icons";
import { playerDefaults } from "./player-state";

/**
 * The site-wide player, in the site header between the logo and the navigation (decision 057): it
 * scrolls with nothing and covers nothing; its controls open below the header only while someone
 * opened them. The track's title opens and closes the controls, play/pause stays at hand. It takes
 * the room the header leaves it (a container query): the title shows where it fits, else it shows
 * in the opened controls. The server draws it with the playlist's first track, so nothing moves when
 * the page hydrates or the remembered track comes back; it is shown only once hydrated, since none of
 * its buttons can do anything without JavaScript.
 */
export function GlobalAudioPlayer() {
  const player = useAudioPlayer();
  // The staff pages fold it into their own header (StaffHeaderPlayer): nothing floats over their controls.
  const inStaffArea = useLocation().pathname.startsWith("/admin");
  if (inStaffArea || !player.visible || !player.track) return null;
  // On a phone this room is not positioned, so the opened controls hang from the whole header, centred
  // on the screen (a row of them centred under the bar, which sits right of centre, would leave the
  // screen); from sm they hang centred under the bar.
  return (
    <div className="@container flex min-w-0 flex-1 items-center justify-center self-stretch sm:relative">
      <PlayerBar player={player} placement="site" />
    </div>
  );
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

/**
 * How each placement draws the bar, its opened controls and the hint. In the site header the room
 * decides: from 18rem the title (the bar is then 17rem wide); below 7rem (a 320 px phone, a signed-in
 * admin's full navigation at 1024 px) the chevron goes too.
 */
const placements = {
  site: {
    section: "",
    toggle: "@min-[18rem]:w-56",
    title: "sr-only @min-[18rem]:not-sr-only",
    chevron: "@max-[7rem]:hidden",
    panelTitle: "@min-[18rem]:hidden",
    drop: "pointer-events-none absolute top-full left-1/2 z-30 mt-2 flex w-max max-w-[calc(100vw-1rem)] -translate-x-1/2 flex-col items-center gap-2",
    hint: "pointer-events-auto",
  },
  "staff-header": {
    section: "relative shrink-0",
    toggle: "w-36 sm:w-56",
    title: "",
    chevron: "",
    panelTitle: null,
    drop: "absolute top-full left-0 z-30 mt-1 w-max",
    // In the staff header the hint is for screen readers only: a pill there would cover the page.
    hint: "sr-only",
  },
} as const;

function PlayerBar({ player, placement }: { player: AudioPlayer; placement: keyof typeof placements }) {
  const place = placements[placement];
  const hydrated = useHydrated();
  const [expanded, setExpanded] = useState(player.revealed);
  const sectionRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const volumeId = useId();
  const several = player.tracks.length > 1;

  // Revealed by the page's own play button: it opens (above) and takes the focus.
  useEffect(() => {
    if (player.revealed) sectionRef.current?.focus();
  }, [player.revealed]);

  // The opened controls hang over the page: a press anywhere else closes them, as a menu's would.
  useEffect(() => {
    if (!expanded) return;
    const closeOutside = (event: PointerEvent) => {
      if (!(event.target instanceof Node) || !sectionRef.current?.contains(event.target)) setExpanded(false);
    };
    document.addEventListener("pointerdown", closeOutside);
    return () => document.removeEventListener("pointerdown", closeOutside);
  }, [expanded]);

  return (
    <section
      ref={sectionRef}
      tabIndex={-1}
      aria-label="Music player"
      // Focus moving on past the opened controls closes them, so they never cover what it reaches next.
      onBlur={(event) => {
        if (event.relatedTarget instanceof Node && !event.currentTarget.contains(event.relatedTarget)) setExpanded(false);
      }}
      onKeyDown={(event) => {
        if (event.key !== "Escape" || !expanded) return;
        setExpanded(false);
        toggleRef.current?.focus();
      }}
      className={`flex w-max ${hydrated ? "" : "invisible"} items-center gap-2 outline-none ${place.section}`}
    >
      <div className="pointer-events-auto flex items-center gap-1 rounded-full border border-ember bg-umber/90 p-1 shadow-lg shadow-black/40 backdrop-blur">
        <button
          ref={toggleRef}
          type="button"
          aria-expanded={expanded}
          aria-controls={panelId}
          onClick={() => {
            player.noteInteraction();
            setExpanded(!expanded);
          }}
          className={`flex items-center gap-2 rounded-full py-1.5 pr-2 pl-3 text-left text-sm text-ivory transition-colors hover:text-amber focus-visible:outline-2 focus-visible:outline-amber motion-reduce:transition-none ${place.toggle}`}
        >
          <PlayerIcon name="music" size={16} className="shrink-0 text-amber" />
          <span className="sr-only">Now playing: </span>
          <span className={`min-w-0 flex-1 truncate ${place.title}`}>{player.track?.title}</span>
          <PlayerIcon
            name="chevron"
            size={18}
            className={`shrink-0 text-mist transition-transform motion-reduce:transition-none ${expanded ? "rotate-180" : ""} ${place.chevron}`}
          />
        </button>
        <PlayerButton label={player.playing ? "Pause" : "Play"} onClick={player.toggle} primary>
          <PlayerIcon name={player.playing ? "pause" : "play"} size={18} />
        </PlayerButton>
      </div>

      <div className={place.drop}>
        <div
          id={panelId}
          hidden={!expanded}
          className="pointer-events-auto flex flex-wrap items-center justify-center gap-2 rounded-2xl border border-ember bg-umber/95 px-3 py-2 shadow-lg shadow-black/40 backdrop-blur"
        >
          {place.panelTitle === null ? null : (
            // The title a narrow bar has no room for, drawn by CSS: the toggle's name already says it,
            // and the page's text holds it once.
            <p
              aria-hidden
              data-title={player.track?.title}
              className={`w-full truncate text-center text-sm text-ivory before:content-[attr(data-title)] ${place.panelTitle}`}
            />
          )}
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

        <div role="status" className={place.hint}>
          {player.hint ? (
            <p className="rounded-full bg-amber px-4 py-1.5 text-sm font-semibold text-night shadow-lg shadow-black/40">{player.hint}</p>
          ) : null}
        </div>
      </div>
    </section>
  );
}

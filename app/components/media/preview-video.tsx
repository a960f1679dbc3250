import { Play } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useHydrated } from "#app/lib/use-hydrated";
import { orElse } from "#app/lib/or-else";

/** Starts the preview from the beginning with sound, the browser's controls and the focus. */
function startWithSound(video: HTMLVideoElement) {
  video.muted = false;
  video.loop = false;
  video.currentTime = 0;
  video.focus();
  video.play().catch(orElse(undefined, "the browser refused autoplay: the poster stays"));
}

/**
 * A silent preview that loops behind a 'Click to play with sound' overlay while it is in view; the
 * press starts it from the beginning with sound and the browser's controls. Visitors who asked for
 * reduced motion see the poster until they choose to play.
 *
 * The server draws the overlay. It is a label around a box that the browser ticks by itself, so a
 * press before hydration is kept and played when the page hydrates (the press was the visitor's
 * gesture, so the browser lets the sound play). Without JavaScript nothing could play it: CSS
 * hides it (app.css, scripting: none) and the browser's own controls, drawn by the server too, are offered.
 */
export function PreviewVideo(props: { poster: string; sources: readonly { src: string; type: string }[]; label: string }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const requestRef = useRef<HTMLInputElement>(null);
  // Until hydration the browser's controls stay (they are what a page without JavaScript offers).
  const hydrated = useHydrated();
  const [withSound, setWithSound] = useState(false);

  // The silent loop runs while a quarter of it is in view: below the fold on a phone, it neither
  // downloads nor decodes until the visitor scrolls to it, and it rests when scrolled away.
  useEffect(() => {
    const video = videoRef.current;
    if (!video || withSound || window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    video.muted = true;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry?.isIntersecting) video.play().catch(orElse(undefined, "the browser refused autoplay: the poster stays"));
        else video.pause();
      },
      { threshold: 0.25 },
    );
    observer.observe(video);
    return () => observer.disconnect();
  }, [withSound]);

  const playWithSound = () => {
    const video = videoRef.current;
    if (!video) return;
    setWithSound(true);
    startWithSound(video);
  };

  // A press made before hydration ticked the box: play now what was asked for then.
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !requestRef.current?.checked) return;
    setWithSound(true);
    startWithSound(video);
  }, []);

  const overlaid = hydrated && !withSound;
  return (
    <div className="relative overflow-hidden rounded-3xl border border-ember bg-umber/70">
      <video
        ref={videoRef}
        className="block aspect-video h-auto w-full object-cover"
        poster={props.poster}
        muted
        loop
        playsInline
        preload="metadata"
        controls={!overlaid}
        tabIndex={overlaid ? -1 : 0}
        aria-label={props.label}
        width={960}
        height={540}
      >
        {props.sources.map((source) => (
          <source key={source.src} src={source.src} type={source.type} />
        ))}
      </video>
      {withSound ? null : (
        <label className="needs-script absolute inset-0 flex cursor-pointer flex-col items-center justify-center gap-3 bg-night/45 text-ivory transition-colors hover:bg-night/30 has-checked:bg-night/30 has-focus-visible:bg-night/30">
          <input
            ref={requestRef}
            type="checkbox"
            role="button"
            aria-pressed={false}
            className="absolute inset-0 z-10 cursor-pointer appearance-none opacity-0"
            onChange={playWithSound}
            onKeyDown={(event) => {
              // A button answers Enter as well as Space.
              if (event.key === "Enter") playWithSound();
            }}
          />
          <span aria-hidden className="flex size-16 items-center justify-center rounded-full bg-amber text-night">
            <Play className="size-7 translate-x-0.5" />
          </span>
          <span className="text-lg">Click to play with sound</span>
        </label>
      )}
    </div>
  );
}

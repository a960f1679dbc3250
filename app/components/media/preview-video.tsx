import { Play } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * A silent preview that loops behind a 'Click to play with sound' overlay while it is in view; the
 * click starts it from the beginning with sound and the browser's controls. Visitors who asked for
 * reduced motion see the poster until they choose to play; without JavaScript the browser's own
 * controls are offered.
 */
export function PreviewVideo(props: { poster: string; sources: readonly { src: string; type: string }[]; label: string }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  // Before hydration (and without JavaScript) nothing could answer the overlay: the browser's controls stand in.
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
        if (entry?.isIntersecting) video.play().catch(() => undefined);
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
    video.muted = false;
    video.loop = false;
    video.currentTime = 0;
    setWithSound(true);
    video.focus();
    video.play().catch(() => undefined);
  };

  const overlay = hydrated && !withSound;
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
        controls={!overlay}
        tabIndex={overlay ? -1 : 0}
        aria-label={props.label}
        width={960}
        height={540}
      >
        {props.sources.map((source) => (
          <source key={source.src} src={source.src} type={source.type} />
        ))}
      </video>
      {overlay ? (
        <button
          type="button"
          onClick={playWithSound}
          className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-night/45 text-ivory transition-colors hover:bg-night/30 focus-visible:bg-night/30"
        >
          <span aria-hidden className="flex size-16 items-center justify-center rounded-full bg-amber text-night">
            <Play className="size-7 translate-x-0.5" />
          </span>
          <span className="text-lg">Click to play with sound</span>
        </button>
      ) : null}
    </div>
  );
}

import { useEffect, useRef } from "react";
import { orElse } from "#app/lib/or-else";

/**
 * A muted, looping, decorative video. It starts only in the browser and never for visitors who
 * asked for reduced motion; until then (and for them) the poster stands in its place.
 */
export function BackgroundVideo(props: {
  className?: string;
  poster: string;
  sources: { src: string; type: string }[];
  /** "metadata" for a clip that should know its size and length before it starts. */
  preload?: "none" | "metadata";
}) {
  const videoRef = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
    const update = () => {
      if (reducedMotion.matches) video.pause();
      else video.play().catch(orElse(undefined, "the browser refused autoplay: the poster stays"));
    };
    // The picture is decoration: it starts once the page has settled, after what the visitor came for.
    const start = () => {
      update();
      reducedMotion.addEventListener("change", update);
    };
    const idle = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 1));
    let handle = 0;
    const schedule = () => (handle = idle(start, { timeout: 3000 }) as number);
    if (document.readyState === "complete") schedule();
    else window.addEventListener("load", schedule, { once: true });
    return () => {
      window.removeEventListener("load", schedule);
      (window.cancelIdleCallback ?? window.clearTimeout)(handle);
      reducedMotion.removeEventListener("change", update);
    };
  }, []);

  return (
    <video
      ref={videoRef}
      className={props.className}
      poster={props.poster}
      muted
      loop
      playsInline
      preload={props.preload ?? "none"}
      aria-hidden="true"
      tabIndex={-1}
      width={960}
      height={540}
    >
      {props.sources.map((source) => (
        <source key={source.src} src={source.src} type={source.type} />
      ))}
    </video>
  );
}

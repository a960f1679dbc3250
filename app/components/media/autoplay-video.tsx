import { useRef, type ReactNode } from "react";
import { ambientVideo } from "./ambient-video";
import { useVideoAutoplay } from "./use-video-autoplay";
import { videoPlayFailedMessage } from "./video-autoplay";

/**
 * The welcome page's looping, muted background video, which insists on playing (see
 * video-autoplay.ts) and offers 'Tap to play video' when the browser will not let it. It fills its
 * positioned parent behind the content (with `children` layered over the picture); the button and
 * its message sit above everything, so no overlay of the page can hide them.
 */
export function AutoplayVideo({ className, children }: { className?: string; children?: ReactNode }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const { showPlayButton, failed, playManually } = useVideoAutoplay(videoRef);
  return (
    <>
      <div className="absolute inset-0 -z-10">
        <video
          ref={videoRef}
          className={className}
          poster={ambientVideo.poster}
          muted
          loop
          playsInline
          preload="metadata"
          aria-hidden="true"
          tabIndex={-1}
          width={960}
          height={540}
        >
          {ambientVideo.sources.map((source) => (
            <source key={source.src} src={source.src} type={source.type} />
          ))}
        </video>
        {children}
      </div>
      {showPlayButton || failed ? (
        <div className="absolute right-4 bottom-4 z-30 flex max-w-sm flex-col items-end gap-2">
          {showPlayButton ? (
            <button type="button" className="button-secondary bg-night/70" onClick={() => void playManually()}>
              Tap to play video
            </button>
          ) : null}
          {failed ? (
            <p role="alert" className="rounded-xl border border-danger/40 bg-night/85 px-4 py-3 text-sm text-danger">
              {videoPlayFailedMessage}
            </p>
          ) : null}
        </div>
      ) : null}
    </>
  );
}

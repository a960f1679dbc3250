import type { ReactNode } from "react";

/** The player's icons as single filled paths: a few bytes each, on every page. */
const paths = {
  play: "M8 5v14l11-7z",
  pause: "M7 5h4v14H7zm6 0h4v14h-4z",
  previous: "M6 5h2v14H6zm14 0v14L9 12z",
  next: "M16 5h2v14h-2zM4 5v14l11-7z",
  music: "M12 3v10.55A4 4 0 1 0 14 17V7h4V3z",
  chevron: "M16.59 8.59 12 13.17 7.41 8.59 6 10l6 6 6-6z",
  volume: "M3 9v6h4l5 5V4L7 9zm13.5 3A4.5 4.5 0 0 0 14 7.97v8.05A4.5 4.5 0 0 0 16.5 12zM14 3.23v2.06a7 7 0 0 1 0 13.42v2.06a9 9 0 0 0 0-17.54z",
  muted:
    "M16.5 12A4.5 4.5 0 0 0 14 7.97v2.21l2.45 2.45q.05-.3.05-.63m2.5 0q0 1.4-.54 2.64l1.51 1.51A8.8 8.8 0 0 0 21 12a9 9 0 0 0-7-8.77v2.06A7 7 0 0 1 19 12M4.27 3 3 4.27 7.73 9H3v6h4l5 5v-6.73l4.25 4.25A7 7 0 0 1 14 18.7v2.06a9 9 0 0 0 3.69-1.81L19.73 21 21 19.73l-9-9zM12 4 9.91 6.09 12 8.18z",
} as const;

export type PlayerIconName = keyof typeof paths;

export function PlayerIcon({ name, size = 20, className }: { name: PlayerIconName; size?: number; className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width={size} height={size} fill="currentColor" className={className}>
      <path d={paths[name]} />
    </svg>
  );
}

/** Sizes of the round player buttons: the compact bar's, and the larger page panel's. */
const buttonSizes = {
  compact: { primary: "size-9 shrink-0", other: "size-9 shrink-0" },
  large: { primary: "size-12", other: "size-10" },
} as const;

/** A round, labelled player button (its icon comes as children); `pressed` makes it a toggle. */
export function PlayerButton(props: {
  label: string;
  onClick: () => void;
  pressed?: boolean;
  primary?: boolean;
  size?: keyof typeof buttonSizes;
  children: ReactNode;
}) {
  const size = buttonSizes[props.size ?? "compact"][props.primary ? "primary" : "other"];
  return (
    <button
      type="button"
      aria-label={props.label}
      aria-pressed={props.pressed}
      title={props.label}
      onClick={props.onClick}
      className={
        props.primary
          ? `inline-flex ${size} items-center justify-center rounded-full bg-amber text-night transition-colors hover:bg-ivory focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber motion-reduce:transition-none`
          : `inline-flex ${size} items-center justify-center rounded-full border border-sand/30 text-sand transition-colors hover:border-amber hover:text-amber focus-visible:outline-2 focus-visible:outline-amber aria-pressed:border-amber aria-pressed:text-amber motion-reduce:transition-none`
      }
    >
      {props.children}
    </button>
  );
}

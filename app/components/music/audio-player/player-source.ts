import { useMemo } from "react";
import { useLocation, useMatches, useRouteLoaderData } from "react-router";
import type { RootData } from "~/lib/seo";
import { playlistKey, type HintWording, type PlayerTrack } from "./player-state";

/**
 * What a page declares (as its route `handle`) to give the global player its own playlist: the
 * page's loader then returns it as `playlist`. /friend also keeps the player hidden until its play
 * button calls `reveal` (the spec's 'show music player' event).
 */
export interface AudioPlayerHandle {
  audioPlayer: {
    ownPlaylist?: boolean;
    hiddenUntilRevealed?: boolean;
    hintWording?: HintWording;
  };
}

const noTracks: PlayerTrack[] = [];

/** The playlist this page plays: its own (see AudioPlayerHandle) or the listener's from the root loader. */
export function usePlayerSource() {
  const matches = useMatches();
  const { pathname } = useLocation();
  const root = useRouteLoaderData("root") as RootData | undefined;
  const page = matches.findLast((match) => (match.handle as Partial<AudioPlayerHandle> | undefined)?.audioPlayer);
  const options = (page?.handle as AudioPlayerHandle | undefined)?.audioPlayer;
  const own = options?.ownPlaylist ? (page?.loaderData as { playlist?: PlayerTrack[] } | undefined)?.playlist : undefined;
  const tracks = Array.isArray(own) ? own : (root?.playlist ?? noTracks);
  const key = playlistKey(tracks);
  // A new array with the same tracks (a revalidated loader) is the same playlist.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const stableTracks = useMemo(() => tracks, [key]);
  return {
    tracks: stableTracks,
    key,
    user: root?.user ?? null,
    hiddenUntilRevealed: options?.hiddenUntilRevealed ?? false,
    hintWording: options?.hintWording ?? "now available",
    // Development tools (the mailbox) have no use for music.
    blocked: pathname === "/dev" || pathname.startsWith("/dev/"),
    pathname,
  };
}

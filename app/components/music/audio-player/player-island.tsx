import { useEffect } from "react";
import { useRouteLoaderData } from "react-router";
import { defineIsland } from "~/components/ui/island";
import type { RootData } from "~/lib/seo";
import { browserStorage, playerWantedAtLoad, rememberAttribution } from "./player-storage";

/**
 * The global player as an island (decision 036): the server draws its bar, and its engine
 * (audio-player-engine.tsx: the <audio> element, the saved state, the controls) loads when a pointer,
 * a finger or the focus reaches the bar, at the first navigation, when a page drives the player, or
 * at once when there is music to resume or a hint to show. A press on the bar before then is made
 * again once the engine runs.
 */
export const playerIsland = defineIsland(
  "player",
  () => import("./audio-player-engine").then((module) => module.AudioPlayerEngine),
  { replayPresses: true },
);

export function PlayerIsland() {
  const trackCount = (useRouteLoaderData("root") as RootData | undefined)?.playlist.length ?? 0;
  useEffect(() => {
    const storage = browserStorage();
    // A link's attribution is kept whether or not the visitor plays anything on this page.
    rememberAttribution(storage, window.location.search);
    if (playerWantedAtLoad(storage, window.location.search, trackCount)) void playerIsland.want();
    // Only the page as it was loaded decides: later playlists come with a navigation, which loads the engine anyway.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return <playerIsland.Island />;
}

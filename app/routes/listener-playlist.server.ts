import { playlistOf, type Playlist } from "#app/modules/music/index.server";
import type { AppLoadContext } from "react-router";
import { getUser, type GuardContext } from "./guards.server";

// The root loader (the global player) and a member page that shows the playlist ask for it in the
// same request; it is read once per request, like the user.
const playlistsByRequest = new WeakMap<Request, Promise<Playlist>>();

/** The signed-in listener's (or the visitor's) playlist for this request. */
export function getListenerPlaylist(request: Request, context: GuardContext & Pick<AppLoadContext, "db">): Promise<Playlist> {
  let playlist = playlistsByRequest.get(request);
  if (!playlist) {
    playlist = getUser(request, context).then((user) => playlistOf(context.db, { user }));
    playlistsByRequest.set(request, playlist);
  }
  return playlist;
}

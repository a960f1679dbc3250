import { getDb } from "~/lib/db.server";
import { playlistOf, type Playlist } from "~/modules/music/member-playlist.server";
import { getUser } from "./guards.server";

// The root loader (the global player) and a member page that shows the playlist ask for it in the
// same request; it is read once per request, like the user.
const playlistsByRequest = new WeakMap<Request, Promise<Playlist>>();

/** The signed-in listener's (or the visitor's) playlist for this request. */
export function getListenerPlaylist(request: Request): Promise<Playlist> {
  let playlist = playlistsByRequest.get(request);
  if (!playlist) {
    playlist = getUser(request).then((user) => playlistOf(getDb(), { user }));
    playlistsByRequest.set(request, playlist);
  }
  return playlist;
}

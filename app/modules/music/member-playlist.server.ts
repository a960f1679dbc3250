import type { Database } from "#app/lib/db.server";
import type { Role } from "#app/modules/access";
import { listenerEntitlement } from "./listener-entitlement.server";
import { listTracks } from "./list-tracks.server";
import { playlistFor, trackSource, type Entitlement } from "./playlists";

export interface PlaylistEntry {
  title: string;
  src: string;
}

export interface Playlist {
  entitlement: Entitlement;
  tracks: PlaylistEntry[];
  /** How many tracks of the library this listener cannot hear yet. */
  locked: number;
}

/** A page's playlist: the member's own (by role and music access), or the friend page's fixed one. */
export async function playlistOf(
  db: Database,
  listener: { user: { email: string; role: Role } | null } | { entitlement: Entitlement },
): Promise<Playlist> {
  const [library, entitlement] = await Promise.all([
    listTracks(db),
    "entitlement" in listener ? listener.entitlement : listenerEntitlement(db, listener),
  ]);
  const tracks = playlistFor(library, entitlement).map((track) => ({ title: track.title, src: trackSource(track.file) }));
  return { entitlement, tracks, locked: library.length - tracks.length };
}

import { asc, eq } from "drizzle-orm";
import type { Database } from "#app/lib/db.server";
import { tracks } from "#db/schema";
import type { LibraryTrack } from "./playlists";

/** The whole music library in listening order; which of it a listener hears is playlistFor's call. */
export function listTracks(db: Database): Promise<LibraryTrack[]> {
  return db
    .select({ title: tracks.title, file: tracks.file, tier: tracks.tier, position: tracks.position })
    .from(tracks)
    .orderBy(asc(tracks.position));
}

/** The library entry of a file name, or undefined: only files listed here are ever served. */
export async function findTrackByFile(db: Database, file: string): Promise<LibraryTrack | undefined> {
  const [track] = await db
    .select({ title: tracks.title, file: tracks.file, tier: tracks.tier, position: tracks.position })
    .from(tracks)
    .where(eq(tracks.file, file))
    .limit(1);
  return track;
}

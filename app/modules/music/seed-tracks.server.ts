import { sql } from "drizzle-orm";
import { tracks } from "#db/schema";
import { buildLibrary } from "./track-library";
import type { Database } from "#app/lib/db.server";

/**
 * The music library is part of the site, not demo content: the server puts it in place at every
 * start, whatever SEED_DEMO_CONTENT says. The code is its source of truth, so a renamed or
 * re-tiered track is updated on the next start; running it again changes nothing.
 */
export async function seedTracks(db: Database): Promise<void> {
  await db
    .insert(tracks)
    .values(buildLibrary())
    .onConflictDoUpdate({
      target: tracks.file,
      set: { title: sql`excluded.title`, tier: sql`excluded.tier`, position: sql`excluded.position` },
    });
}

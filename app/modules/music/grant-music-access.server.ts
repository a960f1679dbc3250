import type { Database } from "#app/lib/db.server";
import { musicAccess } from "#db/schema";

/** Gives an e-mail the full member playlist; giving it again changes nothing. */
export async function grantMusicAccess(db: Database, options: { email: string; source: string }): Promise<void> {
  await db
    .insert(musicAccess)
    .values({ email: options.email.trim(), source: options.source })
    .onConflictDoNothing();
}

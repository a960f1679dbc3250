import type { Database } from "#app/lib/db.server";
import { musicAccess } from "#db/schema";
import { normaliseEmailAddress } from "#app/lib/email-address";

/** Gives an e-mail the full member playlist; giving it again changes nothing. */
export async function grantMusicAccess(db: Database, options: { email: string; source: string }): Promise<void> {
  await db
    .insert(musicAccess)
    .values({ email: normaliseEmailAddress(options.email), source: options.source })
    .onConflictDoNothing();
}

import { sql } from "drizzle-orm";
import type { Database } from "#app/lib/db.server";
import { musicAccess } from "#db/schema";
import { logFailure } from "#app/lib/log.server";
import { normaliseEmailAddress } from "#app/lib/email-address";

/**
 * Whether an e-mail is entitled to the full member playlist (a music_access row, compared
 * as one address, docs/decisions/061). A lookup that fails answers no: audio is withheld rather than given away.
 */
export async function hasMusicAccess(db: Database, email: string): Promise<boolean> {
  try {
    const rows = await db
      .select({ id: musicAccess.id })
      .from(musicAccess)
      .where(sql`lower(${musicAccess.email}) = ${normaliseEmailAddress(email)}`)
      .limit(1);
    return rows.length > 0;
  } catch (error) {
    logFailure("music", "the music access lookup (treated as no access)", error);
    return false;
  }
}

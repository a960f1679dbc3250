import { eq } from "drizzle-orm";
import type { Database } from "#app/lib/db.server";
import { profiles } from "#db/schema";
import { logFailure } from "#app/lib/log.server";

/** The full name a member gave in their profile, or null (no profile yet, or the lookup failed). */
export async function getProfileFullName(db: Database, userId: string): Promise<string | null> {
  try {
    const [row] = await db.select({ fullName: profiles.fullName }).from(profiles).where(eq(profiles.userId, userId)).limit(1);
    return row?.fullName ?? null;
  } catch (error) {
    logFailure("members", "reading the profile name", error);
    return null;
  }
}

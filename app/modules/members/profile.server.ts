import { eq, sql } from "drizzle-orm";
import type { Database } from "#app/lib/db.server";
import { profiles } from "#db/schema";
import { defaultProfile, profileMessages, storedDuration, storedTime, type ProfileValues } from "./profile";

/**
 * Profiles are read and written only for the signed-in member's own user id, which callers take
 * from the session, never from a form. The profiles table always exists: the migrations create it
 * at start-up, so the spec's 'Database Setup Required' state cannot happen here.
 */

/** The member's profile; before the first save, the defaults with the account's name. */
export async function getProfile(db: Database, owner: { id: string; name: string }): Promise<ProfileValues> {
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, owner.id));
  if (!row) return defaultProfile(owner.name);
  return {
    fullName: row.fullName ?? owner.name,
    bio: row.bio ?? "",
    preferredMeditationDuration: storedDuration(row.preferredMeditationDuration),
    preferredMeditationTime: storedTime(row.preferredMeditationTime),
    notificationPreference: row.notificationPreference,
  };
}

/** A save that failed for a reason the member can be told about. */
export class ProfileSaveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ProfileSaveError";
  }
}

/** Creates or replaces the member's one profile row. */
export async function saveProfile(db: Database, userId: string, values: ProfileValues): Promise<void> {
  const columns = {
    fullName: values.fullName,
    bio: values.bio,
    preferredMeditationDuration: values.preferredMeditationDuration,
    preferredMeditationTime: values.preferredMeditationTime,
    notificationPreference: values.notificationPreference,
  };
  try {
    await db
      .insert(profiles)
      .values({ userId, ...columns })
      .onConflictDoUpdate({ target: profiles.userId, set: { ...columns, updatedAt: sql`now()` } });
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    // 23505: a unique key other than user_id clashed; 23503: the account was deleted meanwhile.
    if (code === "23505") throw new ProfileSaveError(profileMessages.duplicate);
    if (code === "23503") throw new ProfileSaveError(profileMessages.signedOut);
    throw error;
  }
}

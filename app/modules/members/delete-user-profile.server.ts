import { eq } from "drizzle-orm";
import { userProfiles } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import { can, notAllowed, type StaffMember } from "#app/modules/access";
import { recordActivity } from "#app/modules/activity/index.server";

export type DeleteUserProfileOutcome = { ok: true; email: string } | { ok: false; reason: "not-found" }
  | ReturnType<typeof notAllowed>;

/**
 * Staff remove an initial sign-up (a `user_profiles` row) from the member directory, with its
 * activity entry in the same transaction. The person's account and music access are not touched.
 */
export async function deleteUserProfile(db: Database, actor: StaffMember, input: { id: string }): Promise<DeleteUserProfileOutcome> {
  if (!can(actor, "open-dashboard")) return notAllowed();
  return db.transaction(async (tx) => {
    const [removed] = await tx.delete(userProfiles).where(eq(userProfiles.id, input.id)).returning();
    if (!removed) return { ok: false, reason: "not-found" } as const;
    await recordActivity(tx, actor, {
      kind: "user-profile.deleted",
      subjectType: "user-profile",
      subjectId: removed.id,
      subjectLabel: removed.email,
      before: { email: removed.email, firstName: removed.firstName, lastName: removed.lastName, phone: removed.phone },
    });
    return { ok: true, email: removed.email } as const;
  });
}

import { eq } from "drizzle-orm";
import { community } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import { can, notAllowed, type StaffMember } from "#app/modules/access";
import { recordActivity } from "#app/modules/activity/index.server";

export type DeleteCommunityMemberOutcome = { ok: true; email: string } | { ok: false; reason: "not-found" }
  | ReturnType<typeof notAllowed>;

/**
 * Staff remove someone from the community list (the dashboard). The row and its activity entry
 * go in one transaction. A member account they may have made by signing in stays: it is theirs.
 */
export async function deleteCommunityMember(db: Database, actor: StaffMember, input: { id: string }): Promise<DeleteCommunityMemberOutcome> {
  if (!can(actor, "open-dashboard")) return notAllowed();
  return db.transaction(async (tx) => {
    const [removed] = await tx.delete(community).where(eq(community.id, input.id)).returning();
    if (!removed) return { ok: false, reason: "not-found" } as const;
    await recordActivity(tx, actor, {
      kind: "community.deleted",
      subjectType: "community",
      subjectId: removed.id,
      subjectLabel: removed.email,
      before: { name: removed.name, email: removed.email, phone: removed.phone, interest: removed.interest },
    });
    return { ok: true, email: removed.email } as const;
  });
}

import { eq } from "drizzle-orm";
import { z } from "zod";
import { invitations } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import { recordActivity } from "#app/modules/activity/index.server";
import type { OutboxWake } from "#app/modules/messaging/index.server";
import { newInvitationRid } from "./create-invitation.server";
import { queueInvitationEmails } from "./invitation-email.server";
import { invitationManagementMessages } from "./invitation-management-messages";
import { can, notAllowed, type StaffMember } from "#app/modules/access";
import { effectiveInvitationStatus, invitationExpiry } from "./invitation-status";

export type ManageInvitationOutcome = { ok: true; message: string } | { ok: false; reason: "not-found" | "already-accepted" | "already-revoked"; message: string }
  | ReturnType<typeof notAllowed>;

const invitationIdSchema = z.object({ invitationId: z.uuid() });

/**
 * Staff resend an invitation that was not accepted (pending, expired or revoked): a fresh rid and
 * 30 days from now, so the old link stops working at once, and the invitation e-mail again (a new
 * message: its key names the new sending). One transaction with the activity entry.
 */
export async function resendInvitation(db: Database, actor: StaffMember, input: unknown, wake: OutboxWake, now = new Date()): Promise<ManageInvitationOutcome> {
  if (!can(actor, "send-communications")) return notAllowed();
  const parsed = invitationIdSchema.safeParse(input);
  if (!parsed.success) return { ok: false, reason: "not-found", message: invitationManagementMessages.notFound };
  const outcome = await db.transaction(async (tx): Promise<ManageInvitationOutcome> => {
    const [invitation] = await tx.select().from(invitations).where(eq(invitations.id, parsed.data.invitationId)).for("update");
    if (!invitation) return { ok: false, reason: "not-found", message: invitationManagementMessages.notFound };
    const before = effectiveInvitationStatus(invitation, now);
    if (before === "accepted") return { ok: false, reason: "already-accepted", message: invitationManagementMessages.alreadyAccepted(invitation.email) };
    const expiresAt = invitationExpiry(now);
    await tx.update(invitations).set({ rid: newInvitationRid(), sentAt: now, expiresAt, revokedAt: null }).where(eq(invitations.id, invitation.id));
    await queueInvitationEmails(tx, [{ id: invitation.id, email: invitation.email, sentAt: now }]);
    await recordActivity(tx, actor, {
      kind: "invitation.resent",
      subjectType: "invitation",
      subjectId: invitation.id,
      subjectLabel: invitation.email,
      before: { status: before, expiresAt: invitation.expiresAt },
      after: { status: "pending", expiresAt },
    });
    return { ok: true, message: invitationManagementMessages.resent(invitation.email) };
  });
  if (outcome.ok) await wake(parsed.data.invitationId);
  return outcome;
}

/**
 * Staff revoke an invitation that was not accepted: its link stops working (the acceptance page
 * and both endpoints answer that it is no longer valid) and a queued e-mail not yet sent is not
 * sent. Resending brings it back with a new link.
 */
export async function revokeInvitation(db: Database, actor: StaffMember, input: unknown, now = new Date()): Promise<ManageInvitationOutcome> {
  if (!can(actor, "send-communications")) return notAllowed();
  const parsed = invitationIdSchema.safeParse(input);
  if (!parsed.success) return { ok: false, reason: "not-found", message: invitationManagementMessages.notFound };
  return db.transaction(async (tx): Promise<ManageInvitationOutcome> => {
    const [invitation] = await tx.select().from(invitations).where(eq(invitations.id, parsed.data.invitationId)).for("update");
    if (!invitation) return { ok: false, reason: "not-found", message: invitationManagementMessages.notFound };
    const before = effectiveInvitationStatus(invitation, now);
    if (before === "accepted") return { ok: false, reason: "already-accepted", message: invitationManagementMessages.alreadyAccepted(invitation.email) };
    if (before === "revoked") return { ok: false, reason: "already-revoked", message: invitationManagementMessages.alreadyRevoked(invitation.email) };
    await tx.update(invitations).set({ revokedAt: now }).where(eq(invitations.id, invitation.id));
    await recordActivity(tx, actor, {
      kind: "invitation.revoked",
      subjectType: "invitation",
      subjectId: invitation.id,
      subjectLabel: invitation.email,
      before: { status: before },
      after: { status: "revoked" },
    });
    return { ok: true, message: invitationManagementMessages.revoked(invitation.email) };
  });
}

import type { CommunicationPreference } from "./invitation-messages";

/** Invitation links stop working this long after they were sent (DESIGN.md, difference 6). */
export const INVITATION_LIFETIME_DAYS = 30;

export type EffectiveInvitationStatus = "pending" | "accepted" | "expired" | "revoked";

/** When an invitation sent at `sentAt` expires. */
export function invitationExpiry(sentAt: Date): Date {
  return new Date(sentAt.getTime() + INVITATION_LIFETIME_DAYS * 24 * 60 * 60 * 1000);
}

/**
 * The status people see: the stored one, except that a pending invitation staff revoked is
 * revoked, and one whose expiry has passed is expired. An accepted invitation stays accepted
 * however old it is.
 */
export function effectiveInvitationStatus(
  invitation: { status: "pending" | "accepted"; expiresAt: Date; revokedAt?: Date | null },
  now: Date = new Date(),
): EffectiveInvitationStatus {
  if (invitation.status === "accepted") return "accepted";
  if (invitation.revokedAt) return "revoked";
  return invitation.expiresAt.getTime() <= now.getTime() ? "expired" : "pending";
}

/** The spec's default: regular guests (more than 2 past events) hear about everything. */
export function defaultCommunicationPreference(eventHistory: readonly unknown[]): CommunicationPreference {
  return eventHistory.length > 2 ? "everything" : "important";
}

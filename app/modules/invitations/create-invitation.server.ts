import { invitations } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import { randomToken } from "#app/lib/tokens.server";
import { invitationExpiry } from "./invitation-status";
import { RID_BYTES } from "./rid";
import { normaliseEmailAddress } from "#app/lib/email-address";

/** An unguessable invitation id. */
export function newInvitationRid(): string {
  return randomToken(RID_BYTES);
}

export interface NewInvitation {
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  phone?: string | null;
  city?: string | null;
  state?: string | null;
  eventHistory?: { name: string; date?: string }[];
  campaign?: string | null;
  /** When the invitation goes out; its link works for 30 days from then. */
  sentAt?: Date;
}

/** Stores a pending invitation with a fresh rid; the caller e-mails the link carrying that rid. */
export async function createInvitation(db: Database, invitation: NewInvitation): Promise<{ rid: string; expiresAt: Date }> {
  const sentAt = invitation.sentAt ?? new Date();
  const [created] = await db
    .insert(invitations)
    .values({
      rid: newInvitationRid(),
      email: normaliseEmailAddress(invitation.email),
      firstName: invitation.firstName ?? null,
      lastName: invitation.lastName ?? null,
      phone: invitation.phone ?? null,
      city: invitation.city ?? null,
      state: invitation.state ?? null,
      eventHistory: invitation.eventHistory ?? [],
      campaign: invitation.campaign ?? null,
      sentAt,
      expiresAt: invitationExpiry(sentAt),
    })
    .returning({ rid: invitations.rid, expiresAt: invitations.expiresAt });
  return created!;
}

import { eq } from "drizzle-orm";
import { invitations } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import { purposesGrantedBy } from "#app/modules/consent";
import { allGranted, recordConsents } from "#app/modules/consent/index.server";
import { createSignInLink, keepInviteeInDirectory } from "#app/modules/members/index.server";
import { grantMusicAccess } from "#app/modules/music/index.server";
import type { AcceptanceInput } from "./acceptance-schema";
import type { InvitationFailure } from "./invitation-failures";
import { effectiveInvitationStatus } from "./invitation-status";
import { normaliseEmailAddress, sameEmailAddress } from "#app/lib/email-address";

export type AcceptInvitationResult = { ok: true; loginLink: string } | { ok: false; reason: InvitationFailure };

/** Where an accepted invitee lands after signing in: the members' music. */
const MUSIC_PAGE = "/meditation";

/**
 * Turns a pending invitation into a membership: the member directory row, access to the
 * unreleased music and the accepted mark, all or nothing. The row is locked so two submissions of
 * the same invitation cannot both succeed. The rid proves control of the invited address, so the
 * answer may carry a single-use sign-in link for it (DESIGN.md, endpoint safety rules).
 */
export async function acceptInvitation(
  db: Database,
  input: AcceptanceInput,
  options: { publicUrl: string; now?: Date },
): Promise<AcceptInvitationResult> {
  const now = options.now ?? new Date();
  const outcome = await db.transaction(async (tx): Promise<{ ok: true; email: string } | { ok: false; reason: InvitationFailure }> => {
    const [invitation] = await tx.select().from(invitations).where(eq(invitations.rid, input.rid)).for("update");
    if (!invitation) return { ok: false, reason: "not-found" };
    const status = effectiveInvitationStatus(invitation, now);
    if (status !== "pending") return { ok: false, reason: status };
    if (!sameEmailAddress(invitation.email, input.email)) return { ok: false, reason: "email-mismatch" };

    const email = normaliseEmailAddress(invitation.email);
    // An unticked texts box withdraws nothing given before for the same number (docs/decisions/043).
    await keepInviteeInDirectory(
      tx,
      {
        email,
        firstName: input.firstName,
        lastName: input.lastName,
        phone: input.phone || null,
        city: input.city || null,
        state: input.state || null,
        interests: input.interests,
        communicationPreference: input.communicationPreference,
        discoveryMethod: input.discoveryMethod || null,
        emailUpdates: input.emailUpdates,
        smsConsent: input.smsConsent,
      },
      now,
    );
    await grantMusicAccess(tx, { email, source: "invitation" });
    // Terms and Privacy (the required box), e-mail (accepting is joining the list; an endpoint caller may say no), texts when ticked.
    await recordConsents(tx, {
      email,
      source: "invitation_form",
      answers: { ...allGranted(purposesGrantedBy.invitation_form), email_updates: input.emailUpdates, ...(input.smsConsent ? { sms: true } : {}) },
    });
    await tx.update(invitations).set({ status: "accepted", acceptedAt: now }).where(eq(invitations.id, invitation.id));
    return { ok: true, email };
  });
  if (!outcome.ok) return outcome;

  const loginLink = await createSignInLink(db, {
    email: outcome.email,
    name: `${input.firstName} ${input.lastName}`,
    next: MUSIC_PAGE,
    publicUrl: options.publicUrl,
  });
  return { ok: true, loginLink };
}

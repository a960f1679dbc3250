import { eq, sql } from "drizzle-orm";
import { invitations, musicAccess } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import { purposesGrantedBy } from "#app/modules/consent";
import { allGranted, recordConsents } from "#app/modules/consent/index.server";
import { createSignInLink } from "#app/modules/members/index.server";
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
  const at = now.toISOString();
  const outcome = await db.transaction(async (tx): Promise<{ ok: true; email: string } | { ok: false; reason: InvitationFailure }> => {
    const [invitation] = await tx.select().from(invitations).where(eq(invitations.rid, input.rid)).for("update");
    if (!invitation) return { ok: false, reason: "not-found" };
    const status = effectiveInvitationStatus(invitation, now);
    if (status !== "pending") return { ok: false, reason: status };
    if (!sameEmailAddress(invitation.email, input.email)) return { ok: false, reason: "email-mismatch" };

    const email = normaliseEmailAddress(invitation.email);
    const phone = input.phone || null;
    const smsConsentAt = input.smsConsent ? at : null;
    // The directory is keyed by lower(email), an expression drizzle's upsert cannot target. An
    // unticked texts box withdraws nothing given before for the same number (docs/decisions/043);
    // a consent given for another number does not carry over to a new one.
    await tx.execute(sql`
      insert into user_profiles (email, first_name, last_name, phone, city, state, interests, communication_preference,
        discovery_method, email_updates, sms_consent_at, terms_accepted_at)
      values (${email}, ${input.firstName}, ${input.lastName}, ${phone}, ${input.city || null}, ${input.state || null},
        ${JSON.stringify(input.interests)}::jsonb, ${input.communicationPreference}, ${input.discoveryMethod || null},
        ${input.emailUpdates}, ${smsConsentAt}::timestamptz, ${at}::timestamptz)
      on conflict (lower(email)) do update set
        first_name = excluded.first_name, last_name = excluded.last_name, phone = excluded.phone, city = excluded.city,
        state = excluded.state, interests = excluded.interests, communication_preference = excluded.communication_preference,
        discovery_method = excluded.discovery_method, email_updates = excluded.email_updates,
        sms_consent_at = case when excluded.sms_consent_at is not null then excluded.sms_consent_at
                              when excluded.phone is not distinct from user_profiles.phone then user_profiles.sms_consent_at end,
        terms_accepted_at = excluded.terms_accepted_at, updated_at = ${at}::timestamptz`);
    await tx.insert(musicAccess).values({ email, source: "invitation" }).onConflictDoNothing();
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

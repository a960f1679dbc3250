import { and, eq, isNull, or, sql } from "drizzle-orm";
import { community } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import { purposesGrantedBy } from "#app/modules/consent";
import { allGranted, isUnsubscribed, recordConsents } from "#app/modules/consent/index.server";
import { requestSignInLink, type SignInLinkClient } from "#app/modules/members/index.server";
import type { TooManyAttemptsRefusal } from "#app/modules/security";
import type { CommunitySignup } from "./community-signup";
import { countSignUpAttempt } from "./sign-up-limits.server";
import { logFailure } from "#app/lib/log.server";
import { normaliseEmailAddress } from "#app/lib/email-address";

export type JoinCommunityResult =
  | { joined: true; alreadyMember: boolean }
  | { joined: false }
  | ({ joined: false } & TooManyAttemptsRefusal);

/**
 * Within the sign-up limits, adds someone to the community list with the time they gave their consent, then e-mails them a
 * sign-in link to their welcome page. Joining twice (in any letter case) is a success and sends a
 * new link. Once the sign-up is stored, a link that cannot be sent (rate limit, outbox trouble)
 * is only logged: the person is on the list and can ask for a link on the login page.
 */
export async function joinCommunity(
  db: Database,
  options: { signup: CommunitySignup; client: SignInLinkClient },
): Promise<JoinCommunityResult> {
  const { signup } = options;
  try {
    const refusal = await countSignUpAttempt(db, "community", { client: options.client, email: signup.email });
    if (refusal) return { joined: false, ...refusal };
  } catch (error) {
    logFailure("community", "counting a sign-up attempt", error);
    return { joined: false };
  }

  let alreadyMember: boolean;
  try {
    // The consent is kept with the sign-up, and again (with its new time) when someone joins twice.
    // Terms are required and joining is the e-mail consent (the line beside the button); texts are
    // the visitor's own answer (docs/decisions/043, 054).
    const texts = signup.smsConsent === "on" && Boolean(signup.phone);
    alreadyMember = await db.transaction(async (tx) => {
      const now = new Date();
      const inserted = await tx
        .insert(community)
        .values({
          name: signup.name,
          email: normaliseEmailAddress(signup.email),
          phone: signup.phone || null,
          interest: signup.interest,
          source: signup.source ?? null,
          consentAcceptedAt: now,
          smsConsentAt: texts ? now : null,
        })
        .onConflictDoNothing()
        .returning({ id: community.id });
      // Joining again with the SMS box ticked: consent for the number on the list (or the first one given), never a change of someone's number.
      if (inserted.length === 0 && texts) {
        await tx
          .update(community)
          .set({ smsConsentAt: now, phone: sql`coalesce(${community.phone}, ${signup.phone})` })
          .where(and(eq(sql`lower(${community.email})`, normaliseEmailAddress(signup.email)), or(isNull(community.phone), eq(community.phone, signup.phone!))));
      }
      // An unsubscribed address stays unsubscribed: this form proves nobody's address, so only the
      // person's own re-subscribe (the profile, the unsubscribe page) undoes it, and no e-mail
      // consent is written that the unsubscribe would contradict. An unticked SMS box withdraws nothing.
      const answers = allGranted(purposesGrantedBy.community_form);
      if (await isUnsubscribed(tx, signup.email)) delete answers.email_updates;
      if (texts) answers.sms = true;
      await recordConsents(tx, { email: signup.email, source: "community_form", answers });
      return inserted.length === 0;
    });
  } catch (error) {
    logFailure("community", "storing a sign-up", error);
    return { joined: false };
  }

  try {
    const link = await requestSignInLink(db, {
      email: signup.email,
      name: signup.name,
      purpose: "community-welcome",
      next: "/welcome",
      client: options.client,
    });
    if (!link.sent) console.warn(`[community] no sign-in link for a new sign-up: ${link.message}`);
  } catch (error) {
    logFailure("community", "e-mailing the sign-in link of a sign-up", error);
  }
  return { joined: true, alreadyMember };
}

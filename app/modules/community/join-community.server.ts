import { community } from "../../../db/schema";
import type { Database } from "~/lib/db.server";
import { requestSignInLink, type SignInLinkClient } from "../members/request-sign-in-link.server";
import type { TooManyAttemptsRefusal } from "../security/too-many-attempts";
import type { CommunitySignup } from "./community-signup";
import { countSignUpAttempt } from "./sign-up-limits.server";

/** Postgres reports a unique-key violation with this code; Drizzle keeps the driver's error as `cause`. */
const UNIQUE_VIOLATION = "23505";

function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  return cause?.code === UNIQUE_VIOLATION || (error as { code?: unknown } | null)?.code === UNIQUE_VIOLATION;
}

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
    console.error("[community] could not count a sign-up attempt:", error);
    return { joined: false };
  }

  let alreadyMember = false;
  try {
    await db.insert(community).values({
      name: signup.name,
      email: signup.email,
      phone: signup.phone || null,
      interest: signup.interest,
      source: signup.source ?? null,
      consentAcceptedAt: new Date(),
    });
  } catch (error) {
    if (!isUniqueViolation(error)) {
      console.error("[community] could not store a sign-up:", error);
      return { joined: false };
    }
    alreadyMember = true;
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
    console.error("[community] could not e-mail the sign-in link of a sign-up:", error);
  }
  return { joined: true, alreadyMember };
}

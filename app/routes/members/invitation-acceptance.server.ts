import { getDb } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { acceptInvitation } from "~/modules/invitations/accept-invitation.server";
import { acceptanceSchema, fieldErrors, firstError, type AcceptanceField } from "~/modules/invitations/acceptance-schema";
import { invitationFailures } from "~/modules/invitations/invitation-failures";
import { invitationMessages } from "~/modules/invitations/invitation-messages";
import { checkAuthRateLimit } from "~/modules/members/auth-rate-limits.server";

export type AcceptanceOutcome =
  | { status: 200; loginLink: string }
  | { status: number; error: string; fieldErrors?: Partial<Record<AcceptanceField, string>> };

/**
 * The acceptance both the /invitation page and POST /api/acceptInvitation perform: validate,
 * count the attempt (it ends in a sign-in), accept, and say what happened with an HTTP status.
 */
export async function submitAcceptance(input: unknown, clientIp: string): Promise<AcceptanceOutcome> {
  const parsed = acceptanceSchema.safeParse(input);
  if (!parsed.success) return { status: 400, error: firstError(parsed.error), fieldErrors: fieldErrors(parsed.error) };
  const env = getEnv();
  try {
    const db = getDb();
    const limit = await checkAuthRateLimit(db, "sign-in", { ip: clientIp, email: parsed.data.email }, env.AUTH_RATE_LIMIT_MULTIPLIER);
    if (!limit.allowed) return { status: 429, error: limit.message };
    const result = await acceptInvitation(db, parsed.data, { publicUrl: env.PUBLIC_URL });
    if (!result.ok) return { status: invitationFailures[result.reason].status, error: invitationFailures[result.reason].message };
    return { status: 200, loginLink: result.loginLink };
  } catch (error) {
    console.error("[invitations] could not accept an invitation:", error);
    return { status: 503, error: invitationMessages.tryAgainLater };
  }
}

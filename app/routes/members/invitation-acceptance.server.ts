import { acceptanceSchema, fieldErrors, firstError, type AcceptanceField } from "#app/modules/invitations";
import { invitationFailures } from "#app/modules/invitations";
import { invitationMessages } from "#app/modules/invitations";
import { submitInvitationAcceptance } from "#app/modules/invitations/index.server";
import type { AppLoadContext } from "react-router";
import { refusalStatus } from "#app/lib/outcome";
import { phoneForTextsProblem } from "#app/modules/sms";
import { logFailure } from "#app/lib/log.server";

export type AcceptanceOutcome =
  | { status: 200; loginLink: string }
  | { status: number; error: string; fieldErrors?: Partial<Record<AcceptanceField, string>> };

/**
 * The acceptance both the /invitation page and POST /api/acceptInvitation perform: validate,
 * submit (the use case counts the attempt), and say what happened with an HTTP status.
 */
export async function submitAcceptance(input: unknown, context: Pick<AppLoadContext, "db" | "env" | "clientKey">): Promise<AcceptanceOutcome> {
  const parsed = acceptanceSchema.safeParse(input);
  if (!parsed.success) return { status: 400, error: firstError(parsed.error), fieldErrors: fieldErrors(parsed.error) };
  const env = context.env;
  // A ticked texts box needs a number we may text: checked here, where SMS_ALLOWED_COUNTRIES is known (the browser does not load the phone library).
  const phoneProblem = parsed.data.smsConsent ? phoneForTextsProblem(parsed.data.phone, env.SMS_ALLOWED_COUNTRIES) : undefined;
  if (phoneProblem) return { status: 400, error: phoneProblem, fieldErrors: { phone: phoneProblem } };
  try {
    const client = { key: context.clientKey, rateLimitMultiplier: env.RATE_LIMIT_MULTIPLIER };
    const result = await submitInvitationAcceptance(context.db, { input: parsed.data, client, publicUrl: env.PUBLIC_URL });
    if (!result.ok && result.reason === "rate-limited") return { status: 429, error: result.error };
    if (!result.ok) return { status: refusalStatus(result.reason), error: invitationFailures[result.reason].message };
    return { status: 200, loginLink: result.loginLink };
  } catch (error) {
    logFailure("invitations", "accepting an invitation", error);
    return { status: 503, error: invitationMessages.tryAgainLater };
  }
}

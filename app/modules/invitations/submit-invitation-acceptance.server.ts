import type { Database } from "#app/lib/db.server";
import { refuseOverLimit, type AttemptClient, type AttemptRefused } from "#app/modules/members/index.server";
import { acceptInvitation, type AcceptInvitationResult } from "./accept-invitation.server";
import type { AcceptanceInput } from "./acceptance-schema";

/**
 * An invitee submits the acceptance form: counted against the sign-in limits (the answer carries
 * a sign-in link), then accepted.
 */
export async function submitInvitationAcceptance(
  db: Database,
  options: { input: AcceptanceInput; client: AttemptClient; publicUrl: string },
): Promise<AcceptInvitationResult | AttemptRefused> {
  const refused = await refuseOverLimit(db, "sign-in", options.client, options.input.email);
  if (refused) return refused;
  return acceptInvitation(db, options.input, { publicUrl: options.publicUrl });
}

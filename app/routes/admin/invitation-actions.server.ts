import type { StaffOutcome } from "#app/components/admin/staff-outcome";
import type { SignedInUser } from "#app/routes/guards.server";
import { friendInvitationMessages, invitationManagementMessages } from "#app/modules/invitations";
import { resendInvitation, revokeInvitation } from "#app/modules/invitations/index.server";
import type { Database } from "#app/lib/db.server";
import { refusalStatus } from "#app/lib/outcome";
import { sendFriendInvitation } from "#app/modules/invitations/index.server";
import type { OutboxWake } from "#app/modules/messaging/index.server";

const intents = ["resend-invitation", "revoke-invitation", "send-friend-invitation"] as const;
export type InvitationIntent = (typeof intents)[number];

export function isInvitationIntent(intent: string | undefined): intent is InvitationIntent {
  return (intents as readonly string[]).includes(intent ?? "");
}


/**
 * The dashboard's invitation intents (the invitation status list's resend and revoke, the friend
 * invitation generator): one use case each, its outcome mapped to a status and a toast.
 */
export async function invitationAction(
  user: SignedInUser,
  intent: InvitationIntent,
  form: Record<string, string>,
  { db, publicUrl, wake }: { db: Database; publicUrl: string; wake: OutboxWake },
): Promise<{ status: number; body: StaffOutcome }> {
  try {
    if (intent === "send-friend-invitation") {
      const values = { name: form.name ?? "", email: form.email ?? "" };
      const outcome = await sendFriendInvitation(db, user, values, { publicUrl, wake });
      if (outcome.ok) return { status: 200, body: { ok: true, intent, message: outcome.message } };
      return { status: 400, body: { ok: false, intent, message: outcome.message, fieldErrors: outcome.fieldErrors, values } };
    }
    const input = { invitationId: form.id ?? "" };
    const outcome = intent === "resend-invitation" ? await resendInvitation(db, user, input, wake) : await revokeInvitation(db, user, input);
    if (outcome.ok) return { status: 200, body: { ok: true, intent, message: outcome.message } };
    return { status: refusalStatus(outcome.reason), body: { ok: false, intent, message: outcome.message } };
  } catch (error) {
    console.error(`[dashboard] ${intent} failed:`, error);
    const message =
      intent === "send-friend-invitation" ? friendInvitationMessages.error(friendInvitationMessages.failedReason) : invitationManagementMessages.failed;
    return { status: 503, body: { ok: false, intent, message } };
  }
}

import { createElement } from "react";
import type { Database } from "#app/lib/db.server";
import { firstErrorPerField } from "#app/lib/form-errors";
import { recordActivity } from "#app/modules/activity/index.server";
import { queueEmail } from "#app/modules/messaging/index.server";
import type { OutboxWake } from "#app/modules/messaging/index.server";
import { renderEmail } from "#app/modules/messaging/index.server";
import { InvitationEmail, invitationEmailContent } from "#app/modules/messaging";
import { friendInvitationSchema } from "./friend-invitation-form";
import { can, notAllowed, type StaffMember } from "#app/modules/access";
import { randomToken } from "#app/lib/tokens.server";
import { FRIEND_INVITATION_CAMPAIGN, friendInvitationMessages } from "./invitation-management-messages";

export type FriendInvitationOutcome =
  | { ok: true; message: string }
  | { ok: false; message: string; fieldErrors?: Record<string, string> };

/**
 * The friend link of one invitation: the public friend page, with a random rid of its own and the
 * campaign name, so the friend's listening is attributed to this invitation (public-site.md §7).
 */
export const friendInvitationLink = (publicUrl: string, rid: string) =>
  `${publicUrl}/friend?rid=${encodeURIComponent(rid)}&campaign=${FRIEND_INVITATION_CAMPAIGN}`;

/**
 * Staff invite a friend by name and e-mail: the friend invitation e-mail with their personal link
 * to /friend, written to the outbox in one transaction with the activity entry (which keeps the
 * rid, to read the listening that follows).
 */
export async function sendFriendInvitation(db: Database, actor: StaffMember, input: unknown, options: { publicUrl: string; wake: OutboxWake }): Promise<FriendInvitationOutcome> {
  if (!can(actor, "send-communications")) return notAllowed();
  const parsed = friendInvitationSchema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors = firstErrorPerField(parsed.error.issues);
    return { ok: false, message: friendInvitationMessages.error(Object.values(fieldErrors)[0] ?? friendInvitationMessages.failedReason), fieldErrors };
  }
  const { name, email } = parsed.data;
  const rid = randomToken(18);
  const link = friendInvitationLink(options.publicUrl, rid);
  const { html, text } = await renderEmail(createElement(InvitationEmail, { kind: "friend", name: name.split(/\s+/)[0] ?? name, link, publicUrl: options.publicUrl }));
  const queued = await db.transaction(async (tx) => {
    const result = await queueEmail(tx, {
      kind: "friend-invitation",
      to: email,
      subject: invitationEmailContent.friend.subject,
      html,
      text,
      idempotencyKey: `friend-invitation:${rid}`,
    });
    await recordActivity(tx, actor, {
      kind: "invitation.friend-sent",
      subjectType: "friend-invitation",
      subjectId: rid,
      subjectLabel: email,
      after: { name, email, campaign: FRIEND_INVITATION_CAMPAIGN },
    });
    return result;
  });
  await options.wake(queued.id);
  return { ok: true, message: friendInvitationMessages.sent(name, email) };
}

import { createElement } from "react";
import { inArray } from "drizzle-orm";
import { invitations } from "../../../db/schema";
import type { Database } from "~/lib/db.server";
import { queueEmailBatchToRender } from "../messaging/outbox.server";
import type { DeliveryRenderer, RenderOutcome } from "../messaging/render-at-delivery.server";
import { renderEmail } from "../messaging/render-email.server";
import { InvitationEmail, invitationEmailContent } from "../messaging/templates/invitation";
import { invitationExpiryText, PAST_ATTENDEE_CAMPAIGN } from "./attendee-import-messages";
import { effectiveInvitationStatus } from "./invitation-status";

/** The outbox's name for the invitation renderer, and the rows' `kind`. */
export const INVITATION_EMAIL = "past-attendee-invitation";

/** The link of an invitation e-mail: the acceptance page with the rid and the campaign name. */
export const invitationLink = (publicUrl: string, rid: string) =>
  `${publicUrl}/invitation?rid=${encodeURIComponent(rid)}&campaign=${PAST_ATTENDEE_CAMPAIGN}`;

/**
 * One message per sending of an invitation: a resend changes `sent_at`, so it writes a new
 * message, while writing the same sending twice (a retried confirmation) is a no-op.
 */
export const invitationMessageKey = (invitationId: string, sentAt: Date) => `invitation:${invitationId}:${sentAt.getTime()}`;

export const invitationGoneReason = "The invitation was resent, revoked or accepted before this e-mail went out";

/**
 * Writes the invitation e-mails of these invitations as small rows rendered when sent
 * (docs/decisions/020), at bulk priority so sign-in links are never held up behind an import.
 * Call it in the transaction that created (or renewed) the invitations; wake the outbox after.
 */
export async function queueInvitationEmails(db: Database, sent: { id: string; email: string; sentAt: Date }[]): Promise<number> {
  return queueEmailBatchToRender(
    db,
    sent.map((invitation) => ({
      kind: INVITATION_EMAIL,
      to: invitation.email,
      subject: invitationEmailContent["past-attendee"].subject,
      idempotencyKey: invitationMessageKey(invitation.id, invitation.sentAt),
      renderer: INVITATION_EMAIL,
      refs: { invitationId: invitation.id, sentAt: String(invitation.sentAt.getTime()) },
      priority: "bulk",
    })),
  );
}

const NAME_SLOT = "__invitee_name__";
const LINK_SLOT = "https://invitation.invalid/__invitation_link__";

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

let template: Promise<{ html: string; text: string }> | undefined;
let templateFor: string | undefined;

/** The e-mail rendered once per process with slots, so a batch of thousands costs string replaces, not React renders. */
function invitationTemplate(publicUrl: string) {
  if (!template || templateFor !== publicUrl) {
    templateFor = publicUrl;
    template = renderEmail(createElement(InvitationEmail, { kind: "past-attendee", name: NAME_SLOT, link: LINK_SLOT, publicUrl, expiryNote: invitationExpiryText }));
    template.catch(() => (template = undefined));
  }
  return template;
}

export async function renderInvitationEmail(publicUrl: string, invitation: { rid: string; firstName: string | null }) {
  const { html, text } = await invitationTemplate(publicUrl);
  const link = invitationLink(publicUrl, invitation.rid);
  const name = invitation.firstName?.trim() ?? "";
  // A blank name reads 'Hello ,' in the slot's place; the greeting becomes 'Hello,' instead.
  const fill = (body: string, escape: (value: string) => string) =>
    body
      .replaceAll(name ? NAME_SLOT : ` ${NAME_SLOT}`, name ? escape(name) : "")
      .replaceAll(escape(LINK_SLOT), escape(link))
      .replaceAll(LINK_SLOT, link);
  return { subject: invitationEmailContent["past-attendee"].subject, html: fill(html, escapeHtml), text: fill(text, (value) => value) };
}

/**
 * Renders invitation e-mails when the sender claims them, from the invitation as it is then: a
 * message whose invitation was resent (another `sent_at`), revoked, accepted or has expired since
 * is gone, so an old link is never mailed.
 */
export function invitationEmailRenderer(options: { publicUrl: string }): DeliveryRenderer {
  return {
    name: INVITATION_EMAIL,
    async render(db, messages) {
      const ids = [...new Set(messages.map((message) => message.meta.invitationId).filter((id): id is string => Boolean(id)))];
      const rows = ids.length ? await db.select().from(invitations).where(inArray(invitations.id, ids)) : [];
      const byId = new Map(rows.map((row) => [row.id, row]));
      const outcomes = new Map<string, RenderOutcome>();
      for (const message of messages) {
        const invitation = byId.get(message.meta.invitationId ?? "");
        const current = invitation && String(invitation.sentAt.getTime()) === message.meta.sentAt && effectiveInvitationStatus(invitation) === "pending";
        outcomes.set(message.id, current ? { rendered: await renderInvitationEmail(options.publicUrl, invitation) } : { gone: invitationGoneReason });
      }
      return outcomes;
    },
  };
}

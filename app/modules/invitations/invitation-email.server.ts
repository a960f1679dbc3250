import { createElement } from "react";
import { inArray, sql } from "drizzle-orm";
import { invitations } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import { normaliseEmailAddress } from "#app/lib/email-address";
import { yieldToEventLoop } from "#app/lib/event-loop";
import { GREETING_FALLBACK, nameProblem } from "#app/lib/greeting-name";
import { unsubscribeUrl } from "#app/modules/campaigns/index.server";
import { unsubscribedAmong } from "#app/modules/consent/index.server";
import { newToken } from "#app/lib/tokens.server";
import { queueEmailBatchToRender } from "#app/modules/messaging/index.server";
import type { DeliveryRenderer, RenderOutcome } from "#app/modules/messaging/index.server";
import { renderEmail } from "#app/modules/messaging/index.server";
import { InvitationEmail } from "#app/modules/messaging";
import type { PastEvent } from "./attendee-csv";
import { invitationExpiryText, PAST_ATTENDEE_CAMPAIGN } from "./attendee-import-messages";
import { effectiveInvitationStatus } from "./invitation-status";
import { DEFAULT_INVITATION_WORDING, eventLineFor, introParagraphs, type InvitationWording } from "./invitation-wording";
import { invitationWordingsById, latestInvitationWording, type StoredInvitationWording } from "./invitation-wording.server";

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
 * Each names the words it is rendered with (`wording`: an import's previewed words; a resend
 * takes the newest kept words, docs/decisions/044).
 * Each carries a one-click unsubscribe link of its own (RFC 8058, as campaigns' do): the token's
 * hash is kept in `unsubscribe_tokens`, the token in the row, and the sender turns it into the
 * List-Unsubscribe header and the line under the message. Call it in the transaction that created
 * (or renewed) the invitations; wake the outbox after.
 */
export async function queueInvitationEmails(
  db: Database,
  sent: { id: string; email: string; sentAt: Date }[],
  wording?: StoredInvitationWording,
): Promise<number> {
  const words = wording ?? (await latestInvitationWording(db));
  let queued = 0;
  // In batches: 33,000 tokens in one statement overflowed the stack building it, and each
  // batch, short, gives other requests a turn on the embedded database.
  for (let start = 0; start < sent.length; start += EMAILS_PER_BATCH) {
    if (start > 0) await yieldToEventLoop();
    queued += await queueInvitationEmailBatch(db, sent.slice(start, start + EMAILS_PER_BATCH), words);
  }
  return queued;
}

const EMAILS_PER_BATCH = 500;

async function queueInvitationEmailBatch(db: Database, sent: { id: string; email: string; sentAt: Date }[], words: StoredInvitationWording): Promise<number> {
  const withTokens = sent.map((invitation) => ({ invitation, unsubscribe: newToken() }));
  if (withTokens.length) {
    // One JSON parameter, not two per row: the embedded database plans thousands of parameters slowly.
    const tokens = withTokens.map(({ invitation, unsubscribe }) => ({ token_hash: unsubscribe.hash, email: normaliseEmailAddress(invitation.email) }));
    await db.execute(sql`insert into unsubscribe_tokens (token_hash, email)
      select r.token_hash, r.email from jsonb_to_recordset(${JSON.stringify(tokens)}::jsonb) as r(token_hash text, email text)`);
  }
  await yieldToEventLoop();
  return queueEmailBatchToRender(
    db,
    withTokens.map(({ invitation, unsubscribe }) => ({
      kind: INVITATION_EMAIL,
      to: invitation.email,
      subject: words.subject,
      idempotencyKey: invitationMessageKey(invitation.id, invitation.sentAt),
      renderer: INVITATION_EMAIL,
      refs: {
        invitationId: invitation.id,
        sentAt: String(invitation.sentAt.getTime()),
        unsubscribeToken: unsubscribe.token,
        ...(words.id ? { wordingId: words.id } : {}),
      },
      priority: "bulk",
    })),
  );
}

const NAME_SLOT = "__invitee_name__";
const EVENT_SLOT = "__invitee_event_line__";
const LINK_SLOT = "https://invitation.invalid/__invitation_link__";
const UNSUBSCRIBE_SLOT = "https://invitation.invalid/__unsubscribe_link__";

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

/** Rendered templates by address and words; a few words are in use at a time (the newest, and older ones still queued). */
const templates = new Map<string, Promise<{ html: string; text: string }>>();
const TEMPLATES_KEPT = 8;

/**
 * The e-mail rendered once per process and words with slots, so a batch of thousands costs string
 * replaces, not React renders. The words go through React, which escapes them; the slots are
 * filled escaped.
 */
function invitationTemplate(publicUrl: string, wording: InvitationWording) {
  const key = JSON.stringify([publicUrl, wording.subject, wording.intro]);
  let template = templates.get(key);
  if (!template) {
    if (templates.size >= TEMPLATES_KEPT) templates.delete(templates.keys().next().value!);
    template = renderEmail(
      createElement(InvitationEmail, {
        kind: "past-attendee",
        name: NAME_SLOT,
        link: LINK_SLOT,
        publicUrl,
        expiryNote: invitationExpiryText,
        unsubscribeUrl: UNSUBSCRIBE_SLOT,
        eventLine: EVENT_SLOT,
        paragraphs: introParagraphs(wording.intro),
      }),
    );
    templates.set(key, template);
    template.catch(() => templates.delete(key));
  }
  return template;
}

/**
 * The invitation e-mail of one invitation, in `wording` (the default words when none is given),
 * naming the event the invitee came to. `unsubscribeToken` is the message's own; without one (a
 * message written before they existed, or the import's preview) the line points to the
 * unsubscribe page, which explains.
 */
export async function renderInvitationEmail(
  publicUrl: string,
  invitation: { rid: string; firstName: string | null; lastName?: string | null; eventHistory?: PastEvent[] | unknown },
  unsubscribeToken?: string,
  wording: InvitationWording = DEFAULT_INVITATION_WORDING,
) {
  const { html, text } = await invitationTemplate(publicUrl, wording);
  const eventLine = eventLineFor(Array.isArray(invitation.eventHistory) ? (invitation.eventHistory as PastEvent[]) : []);
  const link = invitationLink(publicUrl, invitation.rid);
  const unsubscribe = unsubscribeToken ? unsubscribeUrl(publicUrl, unsubscribeToken) : `${publicUrl}/unsubscribe`;
  // A name that reads as a link or a spreadsheet formula (anyone's ticketing export may hold one) is
  // never written into our mail: the person is greeted as 'friend', as the import's preview said.
  const typed = invitation.firstName?.trim() ?? "";
  const name = typed && (nameProblem(invitation.firstName) || nameProblem(invitation.lastName)) ? GREETING_FALLBACK : typed;
  // A blank name reads 'Hello ,' in the slot's place; the greeting becomes 'Hello,' instead.
  // Replaced through functions: a replacement string would expand `$'` and the like in the name.
  const fill = (body: string, escape: (value: string) => string) =>
    body
      .replaceAll(name ? NAME_SLOT : ` ${NAME_SLOT}`, () => (name ? escape(name) : ""))
      .replaceAll(EVENT_SLOT, () => escape(eventLine))
      .replaceAll(escape(LINK_SLOT), () => escape(link))
      .replaceAll(LINK_SLOT, () => link)
      .replaceAll(escape(UNSUBSCRIBE_SLOT), () => escape(unsubscribe))
      .replaceAll(UNSUBSCRIBE_SLOT, () => unsubscribe);
  return {
    subject: wording.subject,
    html: fill(html, escapeHtml),
    text: fill(text, (value) => value),
    listUnsubscribe: unsubscribeToken ? unsubscribe : undefined,
  };
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
      const wordingIds = [...new Set(messages.map((message) => message.meta.wordingId).filter((id): id is string => Boolean(id)))];
      const wordings = await invitationWordingsById(db, wordingIds);
      // Someone who unsubscribed after the invitation was written is not mailed it.
      const gone: ReadonlySet<string> = await unsubscribedAmong(db, messages.map((message) => message.recipient));
      const outcomes = new Map<string, RenderOutcome>();
      for (const message of messages) {
        if (gone.has(normaliseEmailAddress(message.recipient))) {
          outcomes.set(message.id, { gone: "Unsubscribed" });
          continue;
        }
        const invitation = byId.get(message.meta.invitationId ?? "");
        const current = invitation && String(invitation.sentAt.getTime()) === message.meta.sentAt && effectiveInvitationStatus(invitation) === "pending";
        outcomes.set(
          message.id,
          current
            ? { rendered: await renderInvitationEmail(options.publicUrl, invitation, message.meta.unsubscribeToken, wordings.get(message.meta.wordingId ?? "")) }
            : { gone: invitationGoneReason },
        );
      }
      return outcomes;
    },
  };
}

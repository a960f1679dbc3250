import { randomUUID } from "node:crypto";
import type { Database } from "#app/lib/db.server";
import { firstErrorPerField } from "#app/lib/form-errors";
import { recordActivity } from "#app/modules/activity/index.server";
import { createSignInLink } from "#app/modules/members/index.server";
import { queueEmail } from "#app/modules/messaging/index.server";
import type { OutboxWake } from "#app/modules/messaging/index.server";
import { campaignInputSchema, PREVIEW_CAMPAIGN } from "./campaign-form";
import { campaignMessages } from "./campaign-messages";
import { campaignLinkUrl, COMMUNITY_MAGIC_LINKS, plainLinkOf } from "./campaign-kinds.server";
import { can, notAllowed, type StaffMember } from "#app/modules/access";
import { personalise, renderCampaignTemplate } from "./render-campaign-email.server";

export type PreviewOutcome =
  | { ok: true; message: string; html?: string }
  | { ok: false; message: string; fieldErrors?: Record<string, string> };

/** A preview checks the message only: it goes to one known address, whatever the selection. */
function parseMessage(input: unknown) {
  const parsed = campaignInputSchema.safeParse({ ...(input as object), audience: "all", recipients: [] });
  if (parsed.success) return { ok: true as const, data: parsed.data };
  const fieldErrors = firstErrorPerField(parsed.error.issues);
  return { ok: false as const, message: Object.values(fieldErrors)[0] ?? campaignMessages.subjectAndMessage, fieldErrors };
}

/** The message as `recipient` would see it, with a stand-in link that signs nobody in. */
export async function renderCampaignPreview(
  input: unknown,
  recipient: { name: string | null },
  publicUrl: string,
): Promise<PreviewOutcome> {
  const parsed = parseMessage(input);
  if (!parsed.ok) return parsed;
  const template = await renderCampaignTemplate({ subject: parsed.data.subject, markdown: parsed.data.message, publicUrl });
  const { html } = personalise(template, {
    link: campaignLinkUrl(publicUrl, "preview-example"),
    name: recipient.name,
    unsubscribeUrl: `${publicUrl}/unsubscribe`,
  });
  return { ok: true, message: "Preview updated.", html };
}

/**
 * 'Send me a preview': the message to the signed-in staff member's own address, with a real
 * sign-in link for them (campaign magiclinks_preview). No campaign row: it never counts as a send
 * to the list. Transactional priority, since the person waits for it. The link is kept beside the
 * message only when `keepSignInLink` says mail goes to the dev mailbox.
 */
export async function sendCampaignPreview(
  db: Database,
  actor: StaffMember & { name?: string | null },
  input: unknown,
  options: { publicUrl: string; keepSignInLink: boolean; wake: OutboxWake },
): Promise<PreviewOutcome> {
  const { publicUrl } = options;
  if (!can(actor, "send-communications")) return notAllowed();
  const parsed = parseMessage(input);
  if (!parsed.ok) return { ...parsed, message: campaignMessages.previewFailed(parsed.message) };
  const template = await renderCampaignTemplate({ subject: `[Preview] ${parsed.data.subject}`, markdown: parsed.data.message, publicUrl });
  const queued = await db.transaction(async (tx) => {
    const link = await createSignInLink(tx, { email: actor.email, next: `/meditation?campaign=${PREVIEW_CAMPAIGN}`, publicUrl });
    const { html, text } = personalise(template, { link, name: actor.name ?? null, unsubscribeUrl: `${publicUrl}/unsubscribe` });
    const result = await queueEmail(tx, {
      kind: "campaign-preview",
      to: actor.email,
      subject: template.subject,
      html,
      text,
      idempotencyKey: `campaign-preview:${randomUUID()}`,
      meta: { campaign: PREVIEW_CAMPAIGN, signInLink: link },
      keepSignInLink: options.keepSignInLink,
    });
    await recordActivity(tx, actor, { kind: "campaign.preview-sent", subjectType: "campaign", subjectLabel: parsed.data.subject });
    return result;
  });
  await options.wake(queued.id);
  return { ok: true, message: campaignMessages.previewSent(actor.email) };
}

/**
 * One recipient's copy of a campaign e-mail as the fan-out will make it (the same template, link
 * and footer for its kind), with stand-ins for the personal sign-in and unsubscribe links: the
 * sample a send's review shows.
 */
export async function renderEmailSample(
  db: Database,
  campaign: { kind: string; tag: string; subject: string; message: string },
  recipient: { name: string | null },
  publicUrl: string,
): Promise<string> {
  const personalLinks = campaign.kind === COMMUNITY_MAGIC_LINKS;
  const plain = personalLinks ? null : await plainLinkOf(db, campaign, publicUrl);
  const template = await renderCampaignTemplate({
    subject: campaign.subject,
    markdown: campaign.message,
    publicUrl,
    signInLink: personalLinks,
    footerNote: plain?.footerNote,
  });
  const link = plain ? plain.link : campaignLinkUrl(publicUrl, "preview-example");
  return personalise(template, { link, name: recipient.name, unsubscribeUrl: `${publicUrl}/unsubscribe` }).html;
}

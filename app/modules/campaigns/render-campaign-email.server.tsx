import { render } from "@react-email/components";
import { CampaignMessageEmail } from "#app/modules/messaging";
import { hasLinkPlaceholder, messageHtml, messageText, personaliseHtml, personaliseText, placeholderMarks, type Personal } from "./campaign-content";

export interface CampaignTemplate {
  subject: string;
  html: string;
  text: string;
}

const LINK_LABEL = "Listen now";

/**
 * Renders a campaign's message once, with stand-ins for the personal parts; `personalise` then
 * makes each recipient's copy by string replacement (rendering React per recipient of a 10,000
 * list would be most of the fan-out's time).
 */
export async function renderCampaignTemplate(input: {
  subject: string;
  markdown: string;
  publicUrl: string;
  /**
   * False for mail that carries no personal sign-in link (an event's guests, an announcement):
   * no 'Listen now' button is added, and a {{link}} the message places goes to `plainLink`.
   */
  signInLink?: boolean;
  /** Why the person gets it, under the message; the community list's reason by default. */
  footerNote?: string;
}): Promise<CampaignTemplate> {
  const withLink = hasLinkPlaceholder(input.markdown) || input.signInLink === false;
  const html = await render(
    <CampaignMessageEmail
      preview={input.subject}
      publicUrl={input.publicUrl}
      bodyHtml={messageHtml(input.markdown)}
      linkButton={withLink ? undefined : { href: placeholderMarks.link, label: LINK_LABEL }}
      unsubscribeUrl={placeholderMarks.unsubscribe}
      footerNote={input.footerNote}
    />,
  );
  const text = [
    messageText(input.markdown),
    withLink ? "" : `${LINK_LABEL}: ${placeholderMarks.link}`,
    `Unsubscribe: ${placeholderMarks.unsubscribe}`,
  ]
    .filter(Boolean)
    .join("\n\n");
  return { subject: input.subject, html, text };
}

export function personalise(template: CampaignTemplate, personal: Personal): { html: string; text: string } {
  return { html: personaliseHtml(template.html, personal), text: personaliseText(template.text, personal) };
}

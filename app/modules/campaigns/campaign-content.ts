import { Marked, type Tokens } from "marked";
import { greetingName } from "#app/lib/greeting-name";

/**
 * A campaign's message: Markdown written by staff with {{link}} (the recipient's personal sign-in
 * link) and {{name}}. It is rendered once per campaign with stand-in words where the placeholders
 * were, and each recipient's copy swaps the stand-ins for their own, escaped (docs/decisions/024).
 */

/** Letters only, so Markdown leaves them alone wherever they stand (text, a link's address). */
export const placeholderMarks = { link: "HRMNPLACELINK", name: "HRMNPLACENAME", unsubscribe: "HRMNPLACEUNSUB" } as const;

const LINK = /\{\{\s*link\s*\}\}/gi;
const NAME = /\{\{\s*name\s*\}\}/gi;

export function hasLinkPlaceholder(markdown: string): boolean {
  return new RegExp(LINK.source, "i").test(markdown);
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

const SAFE_HREF = /^(https?:|mailto:|HRMNPLACE)/i;

const markdown = new Marked({
  gfm: true,
  breaks: true,
  renderer: {
    // Raw HTML in the message is shown as text, never passed through.
    html(token: Tokens.HTML | Tokens.Tag) {
      return escapeHtml(token.text);
    },
    link(token: Tokens.Link) {
      const text = this.parser.parseInline(token.tokens);
      const href = token.href.trim();
      if (!SAFE_HREF.test(href)) return text;
      return `<a href="${escapeHtml(href)}" style="color:#e8b86d">${text}</a>`;
    },
    image(token: Tokens.Image) {
      return escapeHtml(token.text);
    },
  },
});

/** The message's Markdown with the placeholders replaced by stand-in words. */
function marked(source: string): string {
  return source.replace(LINK, placeholderMarks.link).replace(NAME, placeholderMarks.name);
}

/** The message as HTML (raw HTML escaped, only http(s)/mailto links), stand-ins in place of the placeholders. */
export function messageHtml(source: string): string {
  return markdown.parse(marked(source), { async: false });
}

/** The plain-text part: the Markdown as written, '<' escaped (spec §5), stand-ins in place of the placeholders. */
export function messageText(source: string): string {
  return marked(source).replace(/</g, "&lt;");
}

export interface Personal {
  link: string;
  name: string | null;
  unsubscribeUrl: string;
}

// Every stand-in is replaced through a function: a replacement string would expand `$&`, `$'` and
// `` $` `` written in a recipient's name (50 × `$'` made a 1,465-character text 74,281 long).

/** One recipient's HTML: the stand-ins replaced by their link (a bare one becomes a link), name and unsubscribe address. */
export function personaliseHtml(template: string, personal: Personal): string {
  const link = escapeHtml(personal.link);
  return template
    .replaceAll(`href="${placeholderMarks.link}"`, () => `href="${link}"`)
    .replaceAll(placeholderMarks.link, () => `<a href="${link}" style="color:#e8b86d">${link}</a>`)
    // The recipient's first name, else 'friend', as a text's {name} (never a word that reads as a link).
    .replaceAll(placeholderMarks.name, () => escapeHtml(greetingName(personal.name)))
    .replaceAll(placeholderMarks.unsubscribe, () => escapeHtml(personal.unsubscribeUrl));
}

/** One recipient's plain text; the name is theirs to choose, so its '<' is escaped like the rest. */
export function personaliseText(template: string, personal: Personal): string {
  return template
    .replaceAll(placeholderMarks.link, () => personal.link)
    .replaceAll(placeholderMarks.name, () => greetingName(personal.name).replace(/</g, "&lt;"))
    .replaceAll(placeholderMarks.unsubscribe, () => personal.unsubscribeUrl);
}

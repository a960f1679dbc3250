import { data } from "react-router";
import { z } from "zod";
import { attachmentsFromMeta, withInlineImages } from "#app/modules/messaging";
import { getOutboxMessage } from "#app/modules/messaging/index.server";
import type { Route } from "./+types/mailbox-message-html";
import { assertMailboxAccess } from "./mailbox-access.server";

/**
 * The HTML part of one e-mail, framed by the mailbox page; it may run no script at all. Its links
 * open in a new tab (a `<base target="_blank">`; the frame's sandbox allows that popup and nothing
 * else), so an unsubscribe, a cancel link or a campaign's landing can be followed from the preview.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  assertMailboxAccess(context);
  const id = z.uuid().safeParse(params.messageId);
  const message = id.success ? await getOutboxMessage(context.db, id.data) : undefined;
  if (!message?.bodyHtml) throw data(null, { status: 404 });
  // Inline images (a ticket's QR code) as data: addresses: the frame has no message parts for `cid:`.
  return new Response(withLinksInNewTabs(withInlineImages(message.bodyHtml, attachmentsFromMeta(message.meta))), {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'self'",
      "X-Frame-Options": "SAMEORIGIN",
      "Cache-Control": "no-store",
    },
  });
}

/** The e-mail's HTML with `<base target="_blank">` first in its head (or first of all, without one). */
export function withLinksInNewTabs(html: string): string {
  const base = '<base target="_blank">';
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (!head) return `${base}${html}`;
  const at = head.index + head[0].length;
  return `${html.slice(0, at)}${base}${html.slice(at)}`;
}

import { data } from "react-router";
import { z } from "zod";
import { getDb } from "~/lib/db.server";
import { getOutboxMessage } from "~/modules/messaging/outbox.server";
import type { Route } from "./+types/mailbox-message-html";
import { assertMailboxAccess } from "./mailbox-access.server";

/** The HTML part of one e-mail, framed by the mailbox page; it may run no script at all. */
export async function loader({ context, params }: Route.LoaderArgs) {
  assertMailboxAccess(context);
  const id = z.uuid().safeParse(params.messageId);
  const message = id.success ? await getOutboxMessage(getDb(), id.data) : undefined;
  if (!message?.bodyHtml) throw data(null, { status: 404 });
  return new Response(message.bodyHtml, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'self'",
      "X-Frame-Options": "SAMEORIGIN",
      "Cache-Control": "no-store",
    },
  });
}

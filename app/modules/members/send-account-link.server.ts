import { randomUUID } from "node:crypto";
import type { AccountLinkDelivery } from "#app/lib/auth.server";
import type { Database } from "#app/lib/db.server";
import { renderEmail } from "#app/modules/messaging/index.server";
import { sendEmail } from "#app/modules/messaging/index.server";
import { AccountLinkEmail, accountLinkContent, type AccountLinkPurpose } from "#app/modules/messaging";

/**
 * E-mails a sign-in, reset or confirmation link through the outbox. Each request is its own
 * message (a new link), so the idempotency key is fresh; the link itself never appears in it.
 * `delivery` says whether the row may keep the link beside the message (the dev mailbox only) and
 * wakes the sender.
 */
export async function sendAccountLink(
  db: Database,
  options: { purpose: AccountLinkPurpose; to: string; name?: string; link: string; publicUrl: string },
  delivery: AccountLinkDelivery,
): Promise<void> {
  const { html, text } = await renderEmail(
    AccountLinkEmail({ purpose: options.purpose, link: options.link, name: options.name, publicUrl: options.publicUrl }),
  );
  await sendEmail(
    db,
    {
      kind: options.purpose,
      to: options.to,
      subject: accountLinkContent[options.purpose].subject,
      html,
      text,
      idempotencyKey: `${options.purpose}:${randomUUID()}`,
      meta: { signInLink: options.link },
      keepSignInLink: delivery.keepSignInLink,
    },
    delivery.wake,
  );
}

import { newsletter } from "../../../db/schema";
import type { Database } from "~/lib/db.server";
import { siteConfig } from "~/lib/site-config";
import { renderEmail } from "../messaging/render-email.server";
import { sendEmail } from "../messaging/send-email.server";
import { NewsletterWelcomeEmail } from "../messaging/templates/newsletter-welcome";

/**
 * Adds a subscriber. Subscribing twice is not an error: the visitor is subscribed either way,
 * and only the first subscription is welcomed by e-mail.
 */
export async function subscribeToNewsletter(
  db: Database,
  options: { email: string; publicUrl: string },
): Promise<{ alreadySubscribed: boolean }> {
  const inserted = await db
    .insert(newsletter)
    .values({ email: options.email })
    .onConflictDoNothing()
    .returning({ id: newsletter.id });
  if (inserted.length === 0) return { alreadySubscribed: true };
  const { html, text } = await renderEmail(NewsletterWelcomeEmail({ publicUrl: options.publicUrl }));
  await sendEmail(db, {
    kind: "newsletter-welcome",
    to: options.email,
    subject: `Welcome to the ${siteConfig.brand.name} newsletter`,
    html,
    text,
    idempotencyKey: `newsletter-welcome:${options.email.toLowerCase()}`,
  });
  return { alreadySubscribed: false };
}

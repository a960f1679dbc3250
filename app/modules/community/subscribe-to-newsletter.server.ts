import { newsletter } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import { siteConfig } from "#app/lib/site-config";
import { renderEmail } from "#app/modules/messaging/index.server";
import { sendEmail, type OutboxWake } from "#app/modules/messaging/index.server";
import { NewsletterWelcomeEmail } from "#app/modules/messaging";
import { normaliseAddress } from "#app/modules/security";
import type { LimitedClient } from "#app/modules/security/index.server";
import type { TooManyAttemptsRefusal } from "#app/modules/security";
import { purposesGrantedBy } from "#app/modules/consent";
import { allGranted, recordConsents } from "#app/modules/consent/index.server";
import { countSignUpAttempt } from "./sign-up-limits.server";
import { normaliseEmailAddress } from "#app/lib/email-address";

/**
 * Adds a subscriber, within the sign-up limits. Subscribing twice is not an error: the visitor is
 * subscribed either way, and one inbox is welcomed by e-mail once, however its address is spelled.
 */
export async function subscribeToNewsletter(
  db: Database,
  options: { email: string; publicUrl: string; client: LimitedClient; wake: OutboxWake },
): Promise<{ alreadySubscribed: boolean } | TooManyAttemptsRefusal> {
  const refusal = await countSignUpAttempt(db, "newsletter", { client: options.client, email: options.email });
  if (refusal) return refusal;
  // Subscribing is the consent: kept with the row, and again when someone subscribes twice.
  const inserted = await db.transaction(async (tx) => {
    const rows = await tx.insert(newsletter).values({ email: normaliseEmailAddress(options.email) }).onConflictDoNothing().returning({ id: newsletter.id });
    await recordConsents(tx, { email: options.email, source: "newsletter", answers: allGranted(purposesGrantedBy.newsletter) });
    return rows;
  });
  if (inserted.length === 0) return { alreadySubscribed: true };
  const { html, text } = await renderEmail(NewsletterWelcomeEmail({ publicUrl: options.publicUrl }));
  await sendEmail(db, {
    kind: "newsletter-welcome",
    to: options.email,
    subject: `Welcome to the ${siteConfig.brand.name} newsletter`,
    html,
    text,
    idempotencyKey: `newsletter-welcome:${normaliseAddress(options.email)}`,
  }, options.wake);
  return { alreadySubscribed: false };
}
